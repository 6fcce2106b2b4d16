// After `npm install`: one line instead of npm's EBADENGINE warnings when the machine's Node is not 24.
import { execFileSync } from "node:child_process";

const npmNode = process.env.npm_node_execpath;
let machine = "";
try {
  machine = npmNode ? execFileSync(npmNode, ["--version"], { encoding: "utf8" }).trim() : "";
} catch {
  // npm ran from somewhere unusual: nothing worth saying
}
if (machine && !machine.startsWith("v24.")) {
  console.log(
    `This machine's Node is ${machine}; AgentCity runs on Node 24, which npm install put in node_modules/.bin/node. npm start and npm test use it, nothing else changes.`,
  );
}
