import type { User } from "./sessions";

/** Who a user is, as every API view of them starts: id, e-mail, names and avatar, in the API's field names. */
export function identityOf(user: User) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: user.avatar,
  };
}
