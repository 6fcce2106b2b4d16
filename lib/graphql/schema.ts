import "server-only";
import { buildSchema, type GraphQLSchema } from "graphql";
import { billingTypeDefs } from "./billing-schema";

/**
 * The account GraphQL API (spec §7: query `profile`, mutation `update_profile`), extended by billing's
 * (billing-schema.ts). Field names follow the spec's snake_case so clients of the original API keep working.
 */
export const typeDefs = /* GraphQL */ `
  type Profile {
    id: ID!
    email: String
    first_name: String!
    last_name: String!
    avatar: String
    username: String
    role: String!
    referred_by_code: String
    membership_id: String!
    banner: String
    portfolio: String
    twitter: String
    instagram: String
    full_twitter: String
    full_ig: String
    followers_count: Int!
    "Sign-in by e-mail code works on this server and the account has an address."
    enabled_otp: Boolean!
    "The account has a first name, so setup can proceed."
    ready: Boolean!
    providers: [String!]!
    "IANA time zone the owner's times and history days are shown in; null until first saved."
    time_zone: String
    inserted_at: String!
  }

  "Fields left out (or null) stay as they are; an empty avatar removes the picture."
  input ProfileInput {
    avatar: String
    email: String
    first_name: String
    last_name: String
    "An IANA zone name such as Asia/Ho_Chi_Minh; anything else is refused."
    time_zone: String
  }

  type ProfileUpdate {
    avatar: String
    email: String
    first_name: String!
    last_name: String!
    time_zone: String
  }

  type Query {
    profile: Profile!
  }

  type Mutation {
    update_profile(input: ProfileInput!): ProfileUpdate!
  }
`;

let built: GraphQLSchema | undefined;

export function schema(): GraphQLSchema {
  built ??= buildSchema(typeDefs + billingTypeDefs);
  return built;
}
