-- A request whose client disconnected before the answer: neither a server error nor charged.
ALTER TYPE "RequestOutcome" ADD VALUE 'client_closed';
