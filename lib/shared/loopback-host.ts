/**
 * Whether a URL's host (`new URL(…).hostname`) names this machine: `localhost` and its subdomains, the
 * loopback range 127.0.0.0/8 and `[::1]`. A server there is reached from this machine only. URL parsing
 * writes every IPv4 form as a dotted quad (`127.1` → `127.0.0.1`), so `127.example.com` is not one.
 * No imports: lib/config.ts reads it.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}
