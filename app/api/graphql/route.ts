import { handleGraphql } from "@/lib/graphql/execute";
import { observed } from "@/lib/http/observe";
import { liveBilling } from "@/lib/server/billing";

/** The account GraphQL API (AUTH-7): queries by GET or POST, mutations by POST only. */
const graphql = observed("/api/graphql", (req: Request) => handleGraphql(req, liveBilling));

export const GET = graphql;
export const POST = graphql;
