"use client";

import { lazy, Suspense } from "react";

// The danger zone is Setup's very last part: its code loads after the page's own (page weight).
const DeleteAgentPanel = lazy(() =>
  import("./delete-agent-panel").then((m) => ({ default: m.DeleteAgentPanel })),
);

/** Setup → delete this agent, for an editor and up, once the workspace has the agent. */
export function DeleteAgentSection(props: { agentId: string; agentName: string }) {
  return (
    <Suspense fallback={null}>
      <DeleteAgentPanel {...props} />
    </Suspense>
  );
}
