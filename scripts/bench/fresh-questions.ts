/**
 * Questions no visitor has asked before, one per call, for bench:chat's cache-miss figures: a server
 * remembers searches (lib/retrieval/search-cache.ts), so a bench that cycles the same few dozen questions
 * measures memory lookups, not searches. Each question is a template of the kind visitors write (Vietnamese
 * with and without marks, English) filled with two different subjects of one fixture business, so it
 * reaches real passages and costs a real search. The enumeration never repeats within a run
 * (freshQuestions below).
 */

/**
 * Subjects by business (the fixture documents' four: bakery, ward office, dental clinic, designer): the two
 * subjects of a question come from one business, as a visitor's do, so most questions find passages that
 * answer them rather than the fallback.
 */
const VI_GROUPS = [
  [
    "bánh mì thịt nướng",
    "bánh kem sinh nhật",
    "cà phê sữa đá",
    "bánh bông lan",
    "giao hàng",
    "chuyển khoản",
    "đặt bánh",
    "ngày Tết",
  ],
  [
    "đăng ký khai sinh",
    "đăng ký tạm trú",
    "chứng thực bản sao",
    "xác nhận cư trú",
    "đăng ký kết hôn",
    "lệ phí",
    "giờ làm việc",
    "thứ Bảy",
  ],
  [
    "cạo vôi răng",
    "nhổ răng khôn",
    "niềng răng",
    "trám răng",
    "cấy implant",
    "bảo hành",
    "trẻ em",
    "khám răng",
  ],
  [
    "thiết kế logo",
    "thiết kế bao bì",
    "thiết kế menu",
    "bản quyền",
    "đặt cọc",
    "cuối tuần",
    "chỉnh sửa",
    "thời gian giao",
  ],
];

const EN_GROUPS = [
  [
    "almond croissant",
    "gluten-free bread",
    "oat milk latte",
    "birthday cake",
    "baking class",
    "loyalty card",
    "delivery",
  ],
  ["teeth cleaning", "braces", "implants", "insurance", "appointment", "opening hours", "clinic address"],
  ["logo package", "brand identity", "brand guideline", "website", "payment terms", "deposit", "revisions"],
  [
    "ticket price",
    "refund policy",
    "family room",
    "parking",
    "weekend hours",
    "online booking",
    "warranty repair",
  ],
];

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D");

/** `and` joins a third subject on when the pairs have run out. */
type Template = { groups: string[][]; and: string; make: (a: string, b: string) => string };

const TEMPLATES: Template[] = [
  { groups: VI_GROUPS, and: "và", make: (a, b) => `${cap(a)} và ${b} giá bao nhiêu?` },
  { groups: VI_GROUPS, and: "và", make: (a, b) => `Cho mình hỏi ${a} có kèm ${b} không ạ?` },
  { groups: VI_GROUPS, and: "và", make: (a, b) => `${cap(a)} mất bao lâu, có cần ${b} không?` },
  { groups: VI_GROUPS, and: "và", make: (a, b) => `Bên mình có ${a} hay ${b} vào cuối tuần không?` },
  { groups: VI_GROUPS.map((g) => g.map(fold)), and: "va", make: (a, b) => `${a} voi ${b} bao nhieu tien` },
  { groups: VI_GROUPS.map((g) => g.map(fold)), and: "va", make: (a, b) => `co ${a} gan ${b} khong` },
  { groups: EN_GROUPS, and: "and", make: (a, b) => `How much is the ${a} with ${b}?` },
  { groups: EN_GROUPS, and: "and", make: (a, b) => `Do you have ${a} and ${b} on weekends?` },
  { groups: EN_GROUPS, and: "and", make: (a, b) => `Is there a discount on ${a} if I pay by ${b}?` },
  { groups: EN_GROUPS, and: "and", make: (a, b) => `When can I get ${a} after the ${b}?` },
];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A source of never-repeated questions; `avoid` holds questions that must not come out (those the bench
 * asks as repeats). Every (template, a, b) of one business with a ≠ b first, in an order shuffled with a
 * fixed seed; past those, more subjects are joined on ("… và c?", "… and c?"), drawn at random, repeats
 * skipped.
 */
export function freshQuestions(avoid: Iterable<string> = []): () => string {
  const given = new Set(avoid);
  let seed = 0x5eed;
  // mulberry32, as tests/helpers/retrieval-corpus.ts: the same questions on every run.
  const rand = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let x = seed;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pairs: string[] = [];
  for (const t of TEMPLATES) {
    for (const group of t.groups) {
      for (const a of group) for (const b of group) if (a !== b) pairs.push(t.make(a, b));
    }
  }
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  // Past the pairs, more subjects of the same business are joined on, one more each time a long run of
  // draws has found nothing new: the source never runs dry.
  let extra = 1;
  let repeats = 0;
  const longer = () => {
    const t = pick(TEMPLATES);
    const group = pick(t.groups);
    const more = Array.from({ length: extra }, () => pick(group));
    return `${t.make(pick(group), pick(group)).replace(/\?$/, "")} ${more.map((c) => `${t.and} ${c}`).join(" ")}?`;
  };
  let next = 0;
  return () => {
    for (;;) {
      const q = next < pairs.length ? pairs[next++]! : longer();
      if (!given.has(q)) {
        given.add(q);
        repeats = 0;
        return q;
      }
      if (++repeats > 200) {
        extra++;
        repeats = 0;
      }
    }
  };
}
