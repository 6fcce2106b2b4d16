import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, streamText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "@/lib/retrieval/embedder";
import { MOCK_MODELS, type OpenAiPeer, startOpenAiPeer } from "../peers/openai";

// The mock model must be good enough for the real client: everything here goes through the AI SDK.
describe("the OpenAI-compatible test peer", () => {
  let peer: OpenAiPeer;
  let provider: ReturnType<typeof createOpenAICompatible>;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    provider = createOpenAICompatible({ name: "mock", baseURL: peer.baseUrl, includeUsage: true });
  });
  afterAll(() => peer.stop());

  const lastRequest = () => peer.requests.at(-1)!;
  const waitFor = async (check: () => boolean, ms = 3_000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it("lists its models under /v1", async () => {
    expect(peer.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const body = (await (await fetch(`${peer.baseUrl}/models`)).json()) as { data: { id: string }[] };
    expect(body.data.map((m) => m.id).sort()).toEqual(Object.values(MOCK_MODELS).sort());
  });

  it("answers without streaming: echo of the last user message, with usage", async () => {
    const result = await generateText({
      model: provider.chatModel(MOCK_MODELS.chat),
      messages: [
        { role: "user", content: "first question" },
        { role: "assistant", content: "first answer" },
        { role: "user", content: "Giờ mở cửa chủ nhật?" },
      ],
    });
    expect(result.text).toBe("Echo: Giờ mở cửa chủ nhật?");
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.usage.inputTokens).toBe(9);
    expect(lastRequest()).toMatchObject({ model: MOCK_MODELS.chat, stream: false, finished: true });
    expect(lastRequest().messages).toHaveLength(3);
  });

  it("echoes at most 200 characters", async () => {
    const long = "x".repeat(500);
    const { text } = await generateText({ model: provider.chatModel(MOCK_MODELS.chat), prompt: long });
    expect(text).toBe(`Echo: ${"x".repeat(200)}`);
  });

  it("streams a dictated answer token by token, ending with usage", async () => {
    const said = "Mở cửa từ 7 giờ đến 21 giờ, **every day**.\n\n- one\n- two";
    const result = streamText({ model: provider.chatModel(MOCK_MODELS.chat), prompt: `Please SAY:${said}` });
    const chunks: string[] = [];
    for await (const t of result.textStream) chunks.push(t);
    expect(chunks.join("")).toBe(said);
    expect(chunks.length).toBeGreaterThan(5);
    expect(await result.finishReason).toBe("stop");
    expect((await result.usage).outputTokens).toBe(chunks.length);
    expect(lastRequest()).toMatchObject({ stream: true, finished: true, abortedByClient: false });
  });

  it("streams slowly enough to see, and records a client that hangs up mid-answer", async () => {
    const controller = new AbortController();
    const result = streamText({
      model: provider.chatModel(MOCK_MODELS.slow),
      prompt: "SAY:short",
      abortSignal: controller.signal,
    });
    const arrivals: number[] = [];
    for await (const _ of result.textStream) {
      arrivals.push(Date.now());
      if (arrivals.length === 3) controller.abort();
    }
    expect(arrivals.length).toBe(3);
    expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(100);
    const request = lastRequest();
    expect(await waitFor(() => request.abortedByClient)).toBe(true);
    expect(request.finished).toBe(false);
  });

  it("fails with an OpenAI error body", async () => {
    const res = await fetch(`${peer.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: MOCK_MODELS.fail, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("server_error");
    await expect(
      generateText({ model: provider.chatModel(MOCK_MODELS.fail), prompt: "hi", maxRetries: 0 }),
    ).rejects.toThrow(/failed on purpose/);
  });

  it("drops the connection after three tokens", async () => {
    const result = streamText({
      model: provider.chatModel(MOCK_MODELS.drop),
      prompt: "SAY:one two three four five six",
      maxRetries: 0,
    });
    const text: string[] = [];
    let error: unknown = null;
    // The SDK may report the broken stream as an error part or by throwing from the iterator.
    try {
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") text.push(part.text);
        if (part.type === "error") error = part.error;
      }
    } catch (err) {
      error = err;
    }
    expect(text.join("")).toBe("one two three ");
    expect(error).not.toBeNull();
    expect(lastRequest()).toMatchObject({ finished: false, abortedByClient: false });
  });

  it("hangs until the client gives up", async () => {
    const started = Date.now();
    await expect(
      generateText({
        model: provider.chatModel(MOCK_MODELS.hang),
        prompt: "hi",
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const request = lastRequest();
    expect(await waitFor(() => request.abortedByClient)).toBe(true);
  });

  it("writes dangerous markdown pointing at its own pixel, and counts pixel loads", async () => {
    const { text } = await generateText({ model: provider.chatModel(MOCK_MODELS.evil), prompt: "hi" });
    const origin = new URL(peer.baseUrl).origin;
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain("[click](javascript:alert(1))");
    expect(text).toContain("<img src=x onerror=alert(1)>");
    expect(text).toContain(`![pixel](${origin}/pixel.png)`);
    const before = peer.pixelHits;
    const res = await fetch(`${origin}/pixel.png`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(peer.pixelHits).toBe(before + 1);
  });

  it("answers an unknown model with 404 and an OpenAI error", async () => {
    const res = await fetch(`${peer.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-nothing", messages: [] }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("model_not_found");
  });

  it("embeds deterministically: unit vectors, diacritics folded, shared words closer", async () => {
    const embedder = openAiEmbedder({ baseUrl: peer.baseUrl, model: MOCK_MODELS.embed });
    const [a, b, c, d] = await embedder.embed([
      "giờ mở cửa chủ nhật",
      "gio mo cua chu nhat",
      "opening hours on sunday",
      "mở cửa lúc mấy giờ",
    ]);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(a).toHaveLength(64);
    expect(dot(a!, a!)).toBeCloseTo(1, 6);
    expect(a).toEqual(b);
    expect(dot(a!, d!)).toBeGreaterThan(dot(a!, c!));
    const [again] = await embedder.embed(["giờ mở cửa chủ nhật"]);
    expect(again).toEqual(a);
    expect(peer.embeddingRequests.at(-1)).toEqual(["giờ mở cửa chủ nhật"]);
    const [short] = await openAiEmbedder({
      baseUrl: peer.baseUrl,
      model: MOCK_MODELS.embed,
      dimensions: 16,
    }).embed(["x"]);
    expect(short).toHaveLength(16);
  });
});
