/**
 * The website widget's loader, served as /embed.js (BEYOND-1): plain TypeScript compiled to one small file
 * by `npm run widget:build`, no framework. It draws a launcher inside a closed shadow root (the host page's
 * CSS cannot reach it, ours cannot leak) and creates the chat's frame only when the visitor first opens it.
 *
 *   <script src="https://app.example/embed.js" data-agent-id="agent_…" data-locale="vi" async></script>
 *
 * `window.agentcity(command, …)`: open, close, toggle, identify({user_id, user_hash, name}),
 * on('open'|'close'|'message', fn). Calls made before the script loaded, through the queue stub
 * `window.agentcity = window.agentcity || function(){(agentcity.q = agentcity.q || []).push(arguments)}`,
 * are run once it has.
 */

type Settings = { color: string; position: "right" | "left"; label: string | null; open_on_load: boolean };
type Config = { name: string; frame: string; widget: Settings; close: string; open: string };
type Identity = { user_id: string; user_hash: string; name?: string };
type Listener = (detail: unknown) => void;
type Queued = ArrayLike<unknown>;
type Api = ((command: string, ...args: unknown[]) => void) & { q?: Queued[]; loaded?: boolean };

/** Messages between this page and the frame carry this tag and version; anything else is ignored. */
const TAG = "agentcity";
const VERSION = 1;

const closeIcon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

(() => {
  const w = window as unknown as { agentcity?: Api };
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script || w.agentcity?.loaded) return;
  const agentId = script.dataset.agentId ?? "";
  if (!/^agent_[A-Za-z0-9_-]{1,64}$/.test(agentId)) {
    console.warn("AgentCity: data-agent-id is missing or invalid");
    return;
  }
  const origin = new URL(script.src).origin;
  const asked = script.dataset.locale ?? document.documentElement.lang ?? "";
  const locale = /^vi/i.test(asked) ? "vi" : "en";

  const queued = w.agentcity?.q ?? [];
  const listeners: Record<string, Listener[]> = { open: [], close: [], message: [] };
  let identity: Identity | null = null;
  let open = false;
  let ready = false;
  let frame: HTMLIFrameElement | null = null;
  let panel: HTMLDivElement | null = null;
  let launcher: HTMLButtonElement | null = null;
  let config: Config | null = null;
  const pending: Array<() => void> = [];

  const emit = (event: string, detail?: unknown) => {
    for (const fn of listeners[event] ?? []) {
      try {
        fn(detail);
      } catch (err) {
        console.error(err);
      }
    }
  };

  const post = (type: string, payload: Record<string, unknown> = {}) => {
    // Only to our own origin: the frame is the only reader of what the host page tells it.
    if (ready && frame?.contentWindow)
      frame.contentWindow.postMessage({ tag: TAG, v: VERSION, type, ...payload }, origin);
  };

  const ensureFrame = () => {
    if (frame || !config || !panel) return;
    frame = document.createElement("iframe");
    const url = new URL(config.frame, origin);
    url.searchParams.set("host", location.origin);
    frame.src = url.href;
    frame.title = config.name;
    frame.allow = "clipboard-write";
    panel.append(frame);
  };

  const setOpen = (next: boolean) => {
    if (!config || next === open) return;
    open = next;
    if (open) ensureFrame();
    panel?.classList.toggle("on", open);
    launcher?.setAttribute("aria-expanded", String(open));
    if (launcher) launcher.innerHTML = open ? closeIcon : chatIcon(config.widget.label);
    if (launcher) launcher.setAttribute("aria-label", open ? config.close : config.open);
    if (open) post("opened");
    emit(open ? "open" : "close");
  };

  const commands: Record<string, (...args: unknown[]) => void> = {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!open),
    identify: (value) => {
      const v = value as Partial<Identity> | null;
      if (!v || typeof v.user_id !== "string" || typeof v.user_hash !== "string") return;
      identity = {
        user_id: v.user_id,
        user_hash: v.user_hash,
        name: typeof v.name === "string" ? v.name : undefined,
      };
      post("identify", { identity });
    },
    on: (event, fn) => {
      if (typeof event === "string" && typeof fn === "function" && listeners[event])
        listeners[event].push(fn as Listener);
    },
  };

  const api: Api = (command, ...args) => {
    const run = () => commands[command]?.(...args);
    // on/identify work at once; opening waits for the launcher's settings.
    if (config || command === "on" || command === "identify") run();
    else pending.push(run);
  };
  api.loaded = true;
  w.agentcity = api;
  for (const call of queued) api(...(Array.from(call) as [string, ...unknown[]]));

  window.addEventListener("message", (event) => {
    // Only our frame, from our origin: any other window may post anything.
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return;
    const data = event.data as { tag?: unknown; v?: unknown; type?: unknown; role?: unknown } | null;
    if (!data || data.tag !== TAG || data.v !== VERSION) return;
    if (data.type === "ready") {
      ready = true;
      if (identity) post("identify", { identity });
      if (open) post("opened");
    } else if (data.type === "close") setOpen(false);
    else if (data.type === "message" && (data.role === "user" || data.role === "assistant")) {
      // The host page learns that a message passed, never its words.
      emit("message", { role: data.role });
    }
  });

  fetch(`${origin}/embed/${agentId}/config.json?locale=${locale}`, { credentials: "omit" })
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then((c: Config) => {
      config = c;
      draw(c);
      for (const run of pending.splice(0)) run();
      if (c.widget.open_on_load && !open) setOpen(true);
    })
    .catch((err: Error) =>
      console.warn(`AgentCity: the widget is not available on this site (${err.message})`),
    );

  function draw(c: Config) {
    const host = document.createElement("agentcity-widget");
    // Inline and !important: a host page's rules (even `* { all: unset !important }`) cannot move or hide it.
    host.setAttribute(
      "style",
      "all:initial!important;position:fixed!important;z-index:2147483647!important;display:block!important;" +
        "width:0!important;height:0!important;bottom:0!important;top:auto!important;" +
        (c.widget.position === "left"
          ? "left:0!important;right:auto!important"
          : "right:0!important;left:auto!important"),
    );
    const root = host.attachShadow({ mode: "closed" });
    const side = c.widget.position === "left" ? "left" : "right";
    const color = /^#[0-9a-f]{6}$/i.test(c.widget.color) ? c.widget.color : "#2563eb";
    const style = document.createElement("style");
    style.textContent = `
.r{all:initial;font:500 15px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111}
button{all:initial;box-sizing:border-box;position:fixed;bottom:20px;${side}:20px;min-width:56px;height:56px;padding:0 16px;border-radius:28px;background:${color};color:#fff;display:flex;align-items:center;justify-content:center;gap:8px;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);font:inherit;color:#fff}
button:focus-visible{outline:3px solid #fff;box-shadow:0 0 0 5px ${color}}
svg{width:24px;height:24px;flex:none}
.p{all:initial;position:fixed;bottom:88px;${side}:20px;width:400px;height:min(640px,calc(100vh - 108px));border-radius:16px;overflow:hidden;box-shadow:0 8px 40px rgba(0,0,0,.3);background:#fff;display:none}
.p.on{display:block}
iframe{all:initial;width:100%;height:100%;border:0;display:block}
@media (max-width:480px){.p{inset:0;width:100%;height:100%;border-radius:0}.p.on+button,.p.on~button{display:none}}
@media (prefers-reduced-motion:no-preference){.p.on{animation:a .18s ease-out}@keyframes a{from{opacity:0;transform:translateY(8px)}}}`;
    const wrap = document.createElement("div");
    wrap.className = "r";
    panel = document.createElement("div");
    panel.className = "p";
    launcher = document.createElement("button");
    launcher.type = "button";
    launcher.setAttribute("aria-expanded", "false");
    launcher.setAttribute("aria-label", c.open);
    launcher.innerHTML = chatIcon(c.widget.label);
    launcher.addEventListener("click", () => setOpen(!open));
    wrap.append(panel, launcher);
    root.append(style, wrap);
    document.body.append(host);
  }

  function chatIcon(label: string | null): string {
    const icon =
      '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
    return label ? `${icon}<span>${escapeHtml(label)}</span>` : icon;
  }
})();

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
