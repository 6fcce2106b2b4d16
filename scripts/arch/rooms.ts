/**
 * A "room" is the unit the map talks about: a folder of lib/ (lib/chat), a single file at lib/'s top
 * (lib/config), or one of the project's other top-level parts (app, components, scripts, tests, proxy).
 */
export function roomOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "lib") {
    if (parts.length === 2) return `lib/${parts[1]!.replace(/\.(ts|tsx)$/, "")}`;
    return `lib/${parts[1]}`;
  }
  if (parts.length === 1) return parts[0]!.replace(/\.(ts|tsx)$/, "");
  return parts[0]!;
}

export function isLibRoom(room: string): boolean {
  return room.startsWith("lib/");
}
