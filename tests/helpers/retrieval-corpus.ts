/**
 * A synthetic, reproducible corpus for search quality tests and the retrieval benchmark: filler passages of
 * Vietnamese and English words drawn at random (so query words also appear scattered, as in real
 * documents), and a few planted passages the tests expect on top.
 */

const VI =
  "thành phố hồ chí minh hà nội đà nẵng huế cần thơ hải phòng nha trang vũng tàu biển núi sông chợ phở bún " +
  "cơm bánh mì cà phê trà sữa giá vé giờ mở cửa đóng ngày tháng năm sáng chiều tối khách hàng dịch vụ sản " +
  "phẩm chính sách đổi trả bảo hành giao hàng miễn phí thanh toán thẻ tiền mặt chuyển khoản nhân viên văn " +
  "phòng công ty trường học bệnh viện đường quận phường tầng phòng điện thoại liên hệ địa chỉ gần xa lớn nhỏ " +
  "mới cũ đẹp ngon rẻ đắt nhanh chậm tốt xấu nhiều ít người trẻ em gia đình bạn bè du lịch khách sạn nhà " +
  "hàng quán ăn món chay mặn ngọt cay nóng lạnh mưa nắng gió mùa hè đông xuân thu lễ tết hội chợ triển lãm";
const EN =
  "the store opens early and closes late every day our team helps customers with orders delivery returns " +
  "payment card cash transfer warranty repair service product price ticket adult child family room floor " +
  "building street district city beach mountain river market food drink coffee tea menu booking online " +
  "phone email address near far large small new old quick slow good great many few weekend holiday season";

const WORDS = [...VI.split(" "), ...EN.split(" ")];

/** mulberry32: the same seed gives the same corpus on every run and machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fillerPassage(rand: () => number, words = 45): { heading: string | null; content: string } {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  const content = `${out.join(" ")}.`;
  return { heading: rand() < 0.3 ? `Mục ${Math.floor(rand() * 100)}` : null, content };
}

export const PLANTED = {
  phrase: {
    heading: "Văn phòng",
    content: "Văn phòng chính của chúng tôi đặt tại Thành phố Hồ Chí Minh, quận 1.",
  },
  partial: { heading: "Lịch sử", content: "Bảo tàng Hồ Chí Minh trưng bày nhiều hiện vật quý." },
  scattered: {
    heading: null,
    content: "Minh kể rằng hồ nước ở phố cổ rất đẹp; chí ít thì thành cổ cũng đáng xem.",
  },
  refund: {
    heading: "Refund policy",
    content: "Tickets can be refunded up to 24 hours before the event, in full.",
  },
  returns: {
    heading: "Chính sách đổi trả",
    content: "Khách hàng được đổi sản phẩm trong vòng 7 ngày nếu còn hóa đơn.",
  },
  market: { heading: null, content: "Chợ Bến Thành mở cửa từ 6 giờ sáng đến 6 giờ tối mỗi ngày." },
} as const;

const ONSETS = "b c ch d đ g gi h kh l m n ng nh ph qu r s t th tr v x".split(" ");
const RHYMES =
  "a ai an ang anh ao at ay e em en eo i im in inh o oi om on ong ot u ui um un ung ut ươ ương ươc iên iêt uôn uông".split(
    " ",
  );
const TONES = ["", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"];

/**
 * A vocabulary shaped like real text: ~5,000 Vietnamese-looking syllables with the common words above mixed
 * into its head, drawn with Zipf's law, so a few words are in most passages and most words in few.
 */
function zipfVocabulary(rand: () => number): { words: string[]; cumulative: number[] } {
  const syllables: string[] = [];
  for (const o of ONSETS)
    for (const r of RHYMES)
      for (const t of TONES) syllables.push(`${o}${r.slice(0, 1)}${t}${r.slice(1)}`.normalize("NFC"));
  const base = [...WORDS];
  for (let i = base.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [base[i], base[j]] = [base[j]!, base[i]!];
  }
  const words: string[] = [];
  while (base.length || syllables.length) {
    if (base.length) words.push(base.pop()!);
    for (let k = 0; k < 3 && syllables.length; k++) words.push(syllables.pop()!);
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 0; r < words.length; r++) {
    total += 1 / (r + 1);
    cumulative.push(total);
  }
  return { words, cumulative: cumulative.map((c) => c / total) };
}

export function zipfCorpus(
  size: number,
  seed = 42,
  words = 150,
): { heading: string | null; content: string }[] {
  const rand = prng(seed);
  const vocab = zipfVocabulary(rand);
  const draw = () => {
    const x = rand();
    let lo = 0;
    let hi = vocab.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vocab.cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocab.words[lo]!;
  };
  const list = Array.from({ length: size - Object.keys(PLANTED).length }, () => ({
    heading: rand() < 0.3 ? `Mục ${Math.floor(rand() * 100)}` : null,
    content: `${Array.from({ length: words }, draw).join(" ")}.`,
  }));
  for (const p of Object.values(PLANTED)) list.splice(Math.floor(rand() * list.length), 0, { ...p });
  return list;
}

/** `size` passages with the planted ones spread through, in a fixed order. */
export function corpus(size: number, seed = 42, words = 45): { heading: string | null; content: string }[] {
  const rand = prng(seed);
  const list = Array.from({ length: size - Object.keys(PLANTED).length }, () => fillerPassage(rand, words));
  for (const p of Object.values(PLANTED)) list.splice(Math.floor(rand() * list.length), 0, { ...p });
  return list;
}
