// Auth.js endpoints: sign-in links, OAuth callbacks, session, sign-out.
import { handlers } from "@/lib/auth/auth";

export const { GET, POST } = handlers;
