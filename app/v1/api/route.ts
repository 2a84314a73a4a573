// /v1/api itself is no endpoint: the failure envelope says so, like every other unknown path.
import { answerUnmatched } from "@/lib/api/handler";

const handle = (request: Request) => answerUnmatched(request, "");

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
