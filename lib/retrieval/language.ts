import "server-only";
import { foldForSearch } from "./fold";

export type ChatLanguage = "en" | "vi";

/**
 * Letters that only Vietnamese writes among the languages visitors use here: ă â đ ê ô ơ ư and the vowels
 * with tone marks. Plain acute/grave vowels (é, à) are left out: French and English loan words have them.
 */
const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹĩũõãẽìòùỳ]/iu;

// Syllables that are common in Vietnamese questions and are not English words (folded: no marks).
// Syllables that are also English words ("can", "on", "the", "so", "long", "hang") are left out on purpose.
const VIETNAMESE_WORDS = new Set(
  (
    "toi ban cho hoi gia bao nhieu gio mo cua chu nhat khong co duoc la va cac nhung mot trong nay thi " +
    "khi ve nhu se dang vi cung rat hay hoac nao gi ai sao tai minh ngay thang nam tien dong lam " +
    "dia duong phong kham benh banh mua muon xin cam vui gioi thieu dich vu sang chieu trua hom qua " +
    "gui nhan giao phi mien dat lich hen khach nguoi nua roi chua da o dau bay gio may ho tro lien he " +
    "thu bay hai ba tu nam sau chay uong an com pho nuoc tra lai cuoi tuan ngan le le tan thoi gian " +
    "tre em ong ba chi anh co nhe vang duoc khong dc ko k j nhieu bn sdt cmnd cccd giay to " +
    "xa phuong quan huyen thanh pho ubnd thu tuc dang ky ho so nop lay bao lau mat tot xau moi cu " +
    "thich yeu cau huy doi tra bac si nha khoa rang nho tay trang cao voi ket qua kiem tra thiet ke " +
    "thuong hieu logo bang website du an khach hang"
  ).split(" "),
);

// Two-syllable Vietnamese words whose halves are too short or too English to count alone.
const VIETNAMESE_PAIRS = new Set([
  "cam on",
  "xin chao",
  "vui long",
  "o dau",
  "the nao",
  "bao nhieu",
  "the sao",
  "co the",
]);

const ENGLISH_WORDS = new Set(
  (
    "the a an is are was were be been do does did what when where who whom why how which can could would " +
    "should will shall may might must you your yours i my me we our us they their them it its this that " +
    "these those of in on at for with from to into about and or but not no yes please have has had there " +
    "here if than then also just any some much many more most get need want book open opening close " +
    "closed hours hour price prices cost costs much hello hi thanks thank sunday monday tuesday wednesday " +
    "thursday friday saturday weekend today tomorrow does address where phone email delivery order " +
    "available still tell know like make appointment much long take takes"
  ).split(" "),
);

/** Pairs and marked words outweigh single plain syllables: they cannot be anything but Vietnamese. */
const STRONG = 2;
/** Below this much evidence either way the text says too little ("ok", "12", "Minh"): the hint decides. */
const ENOUGH = 2;

/**
 * The language to answer in: Vietnamese when the text is Vietnamese (with or without diacritics),
 * English when it is English; a tie or too little text goes to `hint` (the page's language), else English.
 */
export function detectLanguage(text: string, hint?: ChatLanguage | null): ChatLanguage {
  const fallback = hint ?? "en";
  const raw = text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let vi = 0;
  let en = 0;
  const folded = raw.map((w) => foldForSearch(w));
  for (const [i, word] of raw.entries()) {
    const plain = folded[i]!;
    if (VIETNAMESE_LETTERS.test(word)) vi += STRONG;
    else if (i > 0 && VIETNAMESE_PAIRS.has(`${folded[i - 1]} ${plain}`)) vi += STRONG - 1;
    else if (ENGLISH_WORDS.has(plain)) en += 1;
    else if (VIETNAMESE_WORDS.has(plain)) vi += 1;
  }
  if (vi === en || Math.max(vi, en) < ENOUGH) return fallback;
  return vi > en ? "vi" : "en";
}
