import { createHmac, randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A local fake of payOS's Merchant API for tests, speaking it as the `@payos/node` SDK (2.0.5) calls it:
 * `x-client-id` and `x-api-key` headers, JSON bodies, and every answer an envelope `{code, desc, data,
 * signature}` whose `signature` is the HMAC-SHA256 (checksum key, hex) of `data` the way the SDK's
 * `createSignatureFromObj` builds it (keys sorted, `k=v&k=v`, arrays as JSON with each element's keys
 * sorted, null as ''). The SDK checks that signature on every answer and throws when `code` is not "00".
 *
 * It holds payment links (`/v2/payment-requests`: create, get by paymentLinkId or orderCode, cancel) and
 * the bank transfers that reach them. A transfer is what the payer's bank does: `transfer` records it,
 * `pay` also posts payOS's signed webhook to `webhookUrl`. A link reads EXPIRED once its `expiredAt`
 * (unix seconds) has passed on `now` while it is not fully paid. `/web/{paymentLinkId}` is a tiny checkout
 * page with "Pay" and "Cancel" that go back to `returnUrl`/`cancelUrl` with payOS's query. Loopback only.
 *
 * Error codes are the ones payOS answers (HTTP 200 with a non-"00" code) as far as we know them: "20" for
 * invalid input, "201" for a bad request signature, "231" for an orderCode already used, "101" for an
 * unknown link and for a link that can no longer be cancelled; wrong credentials are HTTP 401.
 */

type Obj = Record<string, unknown>;

export type PayosStatus = "PENDING" | "PAID" | "UNDERPAID" | "CANCELLED" | "EXPIRED";

export type PayosTransaction = {
  reference: string;
  amount: number;
  accountNumber: string;
  description: string;
  /** ISO with Vietnam's offset, e.g. 2026-11-24T18:25:00+07:00 */
  transactionDateTime: string;
  virtualAccountName: string | null;
  virtualAccountNumber: string | null;
  counterAccountBankId: string | null;
  counterAccountBankName: string | null;
  counterAccountName: string | null;
  counterAccountNumber: string | null;
};

export type PayosLink = {
  id: string;
  orderCode: number;
  amount: number;
  amountPaid: number;
  amountRemaining: number;
  /** computed on read: a PENDING or UNDERPAID link past `expiredAt` (on `peer.now`) reads EXPIRED */
  status: PayosStatus;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  expiredAt: number | null;
  createdAt: string;
  canceledAt: string | null;
  cancellationReason: string | null;
  transactions: PayosTransaction[];
  accountNumber: string;
  accountName: string;
  bin: string;
  qrCode: string;
  checkoutUrl: string;
  buyerEmail?: string | null;
};

/** The `data` of payOS's webhook for one transfer (`amount` is that transfer's, not the link's). */
export type WebhookData = {
  orderCode: number;
  amount: number;
  description: string;
  accountNumber: string;
  reference: string;
  /** "YYYY-MM-DD HH:mm:ss", Vietnam time */
  transactionDateTime: string;
  currency: string;
  paymentLinkId: string;
  code: string;
  desc: string;
  counterAccountBankId: string;
  counterAccountBankName: string;
  counterAccountName: string;
  counterAccountNumber: string;
  virtualAccountName: string;
  virtualAccountNumber: string;
};

export type PayosPeer = {
  baseUrl: string;
  /** the app's webhook URL; the test sets it once the app is up */
  webhookUrl: string;
  clientId: string;
  apiKey: string;
  checksumKey: string;
  /** the key the API's answers are signed with; null means `checksumKey` (a test sets another to prove the SDK checks) */
  signWith: string | null;
  /** by paymentLinkId */
  links: Map<string, PayosLink>;
  /** "METHOD /path" of every request, in order */
  requests: string[];
  /** while true, every request answers 503 (payOS unreachable or failing) */
  down: boolean;
  /** ms clock for expiry; tests may replace it */
  now: () => number;
  linkByOrderCode(orderCode: number): PayosLink | undefined;
  /**
   * A bank transfer of `amount` VND reaches the link (as the payer's bank would): records a transaction with
   * a fresh reference, updates amountPaid/amountRemaining/status. Returns the webhook `data` payOS would send
   * for it. Throws for unknown, cancelled, expired or already paid links.
   */
  transfer(linkId: string, amount: number): WebhookData;
  /** Signs a webhook body for `data` (optionally with another secret, or tampered after signing) without sending; returns the raw JSON body */
  signWebhook(data: Obj, opts?: { secret?: string; tamper?: (body: string) => string }): string;
  /** transfer + POST the signed webhook to webhookUrl; returns the app's answer (amount defaults to the remaining amount) */
  pay(linkId: string, amount?: number): Promise<{ status: number; body: unknown; data: WebhookData }>;
  /** POST an arbitrary raw body to webhookUrl */
  post(body: string): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
};

/** The SDK's `createSignatureFromObj`: a shallow copy of each element's keys sorted, as its sortObjDataByKey. */
const sortKeys = (value: unknown): Obj =>
  Object.keys(value as object)
    .sort()
    .reduce<Obj>((acc, key) => {
      acc[key] = (value as Obj)[key];
      return acc;
    }, {});

/** The SDK's signature over an object (sorted keys, `k=v&…`, arrays as JSON of key-sorted elements), exported for tests. */
export function payosSignature(data: Record<string, unknown>, key: string): string {
  const sorted = sortKeys(data);
  const query = Object.keys(sorted)
    .filter((k) => sorted[k] !== undefined)
    .map((k) => {
      let value = sorted[k];
      if (Array.isArray(value)) value = JSON.stringify(value.map(sortKeys));
      if (value === null || value === undefined || value === "null" || value === "undefined") value = "";
      return `${k}=${String(value)}`;
    })
    .join("&");
  return createHmac("sha256", key).update(query).digest("hex");
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), four uppercase hex digits: the checksum EMVCo QR codes end with. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;
/** Bank transfer contents are ASCII: diacritics dropped as banks do. */
const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^\x20-\x7e]/g, "");

/** A VietQR (NAPAS 247, EMVCo) code: transfer `amount` VND to `account` at `bin` with `description`. */
export function vietQr(bin: string, account: string, amount: number, description: string): string {
  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv(
      "38",
      tlv("00", "A000000727") + tlv("01", tlv("00", bin) + tlv("01", account)) + tlv("02", "QRIBFTTA"),
    ) +
    tlv("53", "704") +
    tlv("54", String(amount)) +
    tlv("58", "VN") +
    tlv("62", tlv("08", ascii(description)));
  return `${body}6304${crc16ccitt(`${body}6304`)}`;
}

class ApiFailure extends Error {
  constructor(
    readonly code: string,
    readonly desc: string,
    readonly status = 200,
  ) {
    super(desc);
  }
}

const notFound = () => new ApiFailure("101", "Không tìm thấy đơn thanh toán");
const invalid = (desc: string) => new ApiFailure("20", desc);

const BIN = "970422";
const ACCOUNT_NAME = "AGENTCITY TEST";
const upperAlnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const randomCode = (n: number) => Array.from({ length: n }, () => upperAlnum[randomInt(36)]).join("");

/** Vietnam time (UTC+7, no daylight saving) of a ms instant: "YYYY-MM-DD HH:mm:ss". */
const vietnamTime = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

export async function startPayosPeer(
  opts: { clientId?: string; apiKey?: string; checksumKey?: string } = {},
): Promise<PayosPeer> {
  const links = new Map<string, PayosLink>();
  const requests: string[] = [];
  let references = 0;

  const isExpired = (link: PayosLink, base: PayosStatus) =>
    (base === "PENDING" || base === "UNDERPAID") &&
    link.expiredAt !== null &&
    peer.now() >= link.expiredAt * 1000;

  const find = (idOrOrderCode: string) => {
    const byId = links.get(idOrOrderCode);
    if (byId) return byId;
    return /^\d+$/.test(idOrOrderCode) ? peer.linkByOrderCode(Number(idOrOrderCode)) : undefined;
  };

  /** The link as GET /v2/payment-requests/{id} answers it. */
  const publicLink = (link: PayosLink) => ({
    id: link.id,
    orderCode: link.orderCode,
    amount: link.amount,
    amountPaid: link.amountPaid,
    amountRemaining: link.amountRemaining,
    status: link.status,
    createdAt: link.createdAt,
    transactions: link.transactions,
    cancellationReason: link.cancellationReason,
    canceledAt: link.canceledAt,
  });

  function create(body: Obj) {
    const { orderCode, amount, description, cancelUrl, returnUrl, expiredAt, signature } = body;
    for (const field of ["orderCode", "amount", "description", "cancelUrl", "returnUrl", "signature"]) {
      if (body[field] === undefined || body[field] === null || body[field] === "") {
        throw invalid(`${field} là bắt buộc`);
      }
    }
    const signed = createHmac("sha256", peer.checksumKey)
      .update(
        `amount=${amount}&cancelUrl=${cancelUrl}&description=${description}&orderCode=${orderCode}&returnUrl=${returnUrl}`,
      )
      .digest("hex");
    if (signature !== signed) throw new ApiFailure("201", "Chữ ký không hợp lệ");
    if (typeof orderCode !== "number" || !Number.isSafeInteger(orderCode) || orderCode <= 0) {
      throw invalid("orderCode phải là số nguyên dương");
    }
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
      throw invalid("amount phải là số nguyên dương");
    }
    if (typeof description !== "string" || description.length > 25) {
      throw invalid("description: Mô tả tối đa 25 kí tự");
    }
    if (typeof cancelUrl !== "string" || typeof returnUrl !== "string") throw invalid("URL không hợp lệ");
    if (expiredAt !== undefined && expiredAt !== null && !Number.isSafeInteger(expiredAt)) {
      throw invalid("expiredAt phải là unix timestamp (giây)");
    }
    if (peer.linkByOrderCode(orderCode)) throw new ApiFailure("231", "Đơn thanh toán đã tồn tại");

    const id = randomBytes(16).toString("hex");
    const accountNumber = `VQRQ${randomCode(9)}`;
    let base: PayosStatus = "PENDING";
    const link = {
      id,
      orderCode,
      amount,
      amountPaid: 0,
      amountRemaining: amount,
      status: base,
      description,
      returnUrl,
      cancelUrl,
      expiredAt: typeof expiredAt === "number" ? expiredAt : null,
      createdAt: new Date(peer.now()).toISOString(),
      canceledAt: null,
      cancellationReason: null,
      transactions: [],
      accountNumber,
      accountName: ACCOUNT_NAME,
      bin: BIN,
      qrCode: vietQr(BIN, accountNumber, amount, description),
      checkoutUrl: `${baseUrl}/web/${id}`,
      buyerEmail: typeof body.buyerEmail === "string" ? body.buyerEmail : null,
    } as PayosLink;
    // The status is read against the clock each time, so a test that moves `now` sees EXPIRED at once.
    Object.defineProperty(link, "status", {
      enumerable: true,
      get: () => (isExpired(link, base) ? "EXPIRED" : base),
      set: (value: PayosStatus) => {
        base = value;
      },
    });
    links.set(id, link);
    return {
      bin: link.bin,
      accountNumber: link.accountNumber,
      accountName: link.accountName,
      amount: link.amount,
      description: link.description,
      orderCode: link.orderCode,
      currency: "VND",
      paymentLinkId: link.id,
      status: link.status,
      expiredAt: link.expiredAt,
      checkoutUrl: link.checkoutUrl,
      qrCode: link.qrCode,
    };
  }

  function cancel(link: PayosLink, reason: unknown) {
    if (link.status === "CANCELLED") return link;
    if (link.status === "PAID")
      throw new ApiFailure("101", "Đơn thanh toán đã được thanh toán, không thể hủy");
    link.status = "CANCELLED";
    link.canceledAt = new Date(peer.now()).toISOString();
    link.cancellationReason = typeof reason === "string" && reason ? reason : null;
    return link;
  }

  function handle(method: string, path: string, body: Obj): unknown {
    if (method === "POST" && path === "/v2/payment-requests") return create(body);
    const cancelling = path.match(/^\/v2\/payment-requests\/([^/]+)\/cancel$/);
    if (cancelling && method === "POST") {
      const link = find(decodeURIComponent(cancelling[1]!));
      if (!link) throw notFound();
      return publicLink(cancel(link, body.cancellationReason));
    }
    const reading = path.match(/^\/v2\/payment-requests\/([^/]+)$/);
    if (reading && method === "GET") {
      const link = find(decodeURIComponent(reading[1]!));
      if (!link) throw notFound();
      return publicLink(link);
    }
    throw new ApiFailure("404", `Không tìm thấy API ${method} ${path}`, 404);
  }

  const readAnswer = async (res: Response) => {
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  };

  async function checkoutPage(id: string, action: string | undefined, method: string, res: ServerResponse) {
    const link = links.get(id);
    const page = (status: number, html: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>payOS (test)</title></head><body><h1>payOS (test)</h1>${html}</body></html>`,
      );
    };
    if (!link) return page(404, "<p>Không tìm thấy đơn thanh toán.</p>");
    const back = (target: string, cancelled: boolean) => {
      const url = new URL(target);
      url.searchParams.set("code", "00");
      url.searchParams.set("id", link.id);
      url.searchParams.set("cancel", String(cancelled));
      url.searchParams.set("status", link.status);
      url.searchParams.set("orderCode", String(link.orderCode));
      res.writeHead(303, { location: url.toString() });
      res.end();
    };
    if (method === "POST" && action === "pay") {
      if (link.status !== "PENDING" && link.status !== "UNDERPAID") {
        return page(410, `<p>Đơn thanh toán ${link.status}.</p>`);
      }
      if (peer.webhookUrl) await peer.pay(id).catch(() => {});
      else peer.transfer(id, link.amountRemaining);
      return back(link.returnUrl, false);
    }
    if (method === "POST" && action === "cancel") {
      if (link.status === "PAID") return page(410, "<p>Đơn thanh toán đã được thanh toán.</p>");
      cancel(link, null);
      return back(link.cancelUrl, true);
    }
    if (method !== "GET" || action) return page(405, "<p>Method not allowed.</p>");
    const open = link.status === "PENDING" || link.status === "UNDERPAID";
    return page(
      200,
      `<p data-testid="payos-amount">${link.amountRemaining} VND</p>
      <p data-testid="payos-description">${link.description.replace(/[<>&"]/g, "")}</p>
      <p data-testid="payos-status">${link.status}</p>
      ${
        open
          ? `<form method="post" action="/web/${id}/pay"><button type="submit">Pay</button></form>
      <form method="post" action="/web/${id}/cancel"><button type="submit">Cancel</button></form>`
          : ""
      }`,
    );
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", baseUrl);
      const method = req.method ?? "GET";
      requests.push(`${method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (peer.down) {
        send(503, {
          code: "503",
          desc: "Service Unavailable (the fake payOS is down for this test)",
          data: null,
        });
        return;
      }
      const web = url.pathname.match(/^\/web\/([0-9a-f]{32})(?:\/(pay|cancel))?$/);
      if (web) {
        void checkoutPage(web[1]!, web[2], method, res);
        return;
      }
      if (req.headers["x-client-id"] !== peer.clientId || req.headers["x-api-key"] !== peer.apiKey) {
        send(401, { code: "401", desc: "Unauthorized", data: null });
        return;
      }
      let body: Obj = {};
      const raw = Buffer.concat(chunks).toString("utf8");
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : {};
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Obj;
        else throw new Error("not an object");
      } catch {
        send(200, { code: "20", desc: "Dữ liệu không hợp lệ (JSON)", data: null });
        return;
      }
      try {
        // Signed as it is sent: the JSON round trip drops what JSON drops, as the SDK will see it.
        const data = JSON.parse(JSON.stringify(handle(method, url.pathname, body))) as Obj;
        send(200, {
          code: "00",
          desc: "success",
          data,
          signature: payosSignature(data, peer.signWith ?? peer.checksumKey),
        });
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        send(err.status, { code: err.code, desc: err.desc, data: null });
      }
    });
  });
  const listening = await listenOnLoopback(server);
  const baseUrl = listening.origin;

  const peer: PayosPeer = {
    baseUrl,
    webhookUrl: "",
    clientId: opts.clientId ?? `client-${randomBytes(8).toString("hex")}`,
    apiKey: opts.apiKey ?? `api-${randomBytes(16).toString("hex")}`,
    checksumKey: opts.checksumKey ?? randomBytes(32).toString("hex"),
    signWith: null,
    links,
    requests,
    down: false,
    now: () => Date.now(),
    linkByOrderCode(orderCode) {
      for (const link of links.values()) if (link.orderCode === orderCode) return link;
      return undefined;
    },
    transfer(linkId, amount) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no payOS link ${linkId}`);
      if (link.status !== "PENDING" && link.status !== "UNDERPAID") {
        throw new Error(`payOS link ${linkId} is ${link.status}`);
      }
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`bad transfer amount ${amount}`);
      const at = peer.now();
      references += 1;
      const reference = `FT${String(at).slice(-8)}${String(references).padStart(4, "0")}${randomCode(2)}`;
      link.transactions.push({
        reference,
        amount,
        accountNumber: link.accountNumber,
        description: link.description,
        transactionDateTime: `${vietnamTime(at).replace(" ", "T")}+07:00`,
        virtualAccountName: null,
        virtualAccountNumber: null,
        counterAccountBankId: null,
        counterAccountBankName: null,
        counterAccountName: null,
        counterAccountNumber: null,
      });
      link.amountPaid += amount;
      link.amountRemaining = Math.max(0, link.amount - link.amountPaid);
      link.status = link.amountRemaining === 0 ? "PAID" : "UNDERPAID";
      return {
        orderCode: link.orderCode,
        amount,
        description: link.description,
        accountNumber: link.accountNumber,
        reference,
        transactionDateTime: vietnamTime(at),
        currency: "VND",
        paymentLinkId: link.id,
        code: "00",
        desc: "success",
        counterAccountBankId: "",
        counterAccountBankName: "",
        counterAccountName: "",
        counterAccountNumber: "",
        virtualAccountName: "",
        virtualAccountNumber: "",
      };
    },
    signWebhook(data, signOpts = {}) {
      const body = JSON.stringify({
        code: "00",
        desc: "success",
        success: true,
        data,
        signature: payosSignature(data, signOpts.secret ?? peer.checksumKey),
      });
      return signOpts.tamper ? signOpts.tamper(body) : body;
    },
    async pay(linkId, amount) {
      if (!peer.webhookUrl) throw new Error("set webhookUrl first");
      const link = links.get(linkId);
      if (!link) throw new Error(`no payOS link ${linkId}`);
      const data = peer.transfer(linkId, amount ?? link.amountRemaining);
      const answer = await peer.post(peer.signWebhook(data));
      return { ...answer, data };
    },
    async post(body) {
      if (!peer.webhookUrl) throw new Error("set webhookUrl first");
      const res = await fetch(peer.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      return { status: res.status, body: await readAnswer(res) };
    },
    stop: listening.stop,
  };
  return peer;
}
