/** Keys are made by the server (agent and document ids); anything else is a bug, never a path. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Every store checks keys the same way before touching anything: on disk a bad key could leave the folder,
 * and in a bucket it would make an object no other store could ever hold (storage:migrate moves keys
 * between the two).
 */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
