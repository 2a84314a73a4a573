// Until an endpoint's intelligence module lands, its route answers 503 honestly:
// nothing is made up and nothing is charged.
import { ApiError } from "@/lib/api/errors";
import type { EndpointImplementation } from "@/lib/api/handler";

export function notServedYet(endpointId: string): EndpointImplementation {
  return async () => {
    throw new ApiError("unavailable", `${endpointId} is not served yet by this deployment; nothing was charged.`);
  };
}
