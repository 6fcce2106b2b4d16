import { describe, expect, it } from "vitest";
import { foldForSearch, passageSearchText, searchTerms } from "@/lib/retrieval/fold";
import { markedScore, markedTokens, planSearch } from "@/lib/retrieval/query";

describe("foldForSearch", () => {
  it.each([
    ["Thành phố Hồ Chí Minh", "thanh pho ho chi minh"],
    ["Đà Nẵng", "da nang"],
    ["Phở bò", "pho bo"],
    ["Nguyễn", "nguyen"],
    ["ĐƯỜNG LÊ LỢI", "duong le loi"],
    ["Trường Đại học Bách khoa", "truong dai hoc bach khoa"],
    ["Hà Nội, Việt Nam!", "ha noi viet nam"],
    ["bánh mì thịt nướng", "banh mi thit nuong"],
    ["Quảng Ngãi", "quang ngai"],
    ["Huế", "hue"],
    ["Cần Thơ", "can tho"],
    ["ưu đãi", "uu dai"],
    ["giờ mở cửa: 7h–21h", "gio mo cua 7h 21h"],
    ["Opening hours: 7am–9pm", "opening hours 7am 9pm"],
    ["Café crème brûlée", "cafe creme brulee"],
    ["  many   spaces\n\tand\r\nlines  ", "many spaces and lines"],
    ["e-mail: an@example.com", "e mail an example com"],
  ])("%s → %s", (input, expected) => {
    expect(foldForSearch(input)).toBe(expected);
  });

  it("gives the same result for composed and decomposed input", () => {
    const composed = "Thành phố Hồ Chí Minh".normalize("NFC");
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    expect(foldForSearch(decomposed)).toBe(foldForSearch(composed));
  });

  it("keeps digits and joins thousand separators, but not decimals", () => {
    expect(foldForSearch("Giá 50.000đ")).toBe("gia 50000d");
    expect(foldForSearch("1,200,000 VND")).toBe("1200000 vnd");
    expect(foldForSearch("version 3.5")).toBe("version 3 5");
    expect(foldForSearch("Phòng 101, tầng 2")).toBe("phong 101 tang 2");
  });

  it("keeps letters of other scripts and drops what is only punctuation", () => {
    expect(foldForSearch("Привет мир")).toBe("привет мир");
    expect(foldForSearch("東京 タワー")).toBe("東京 タワー");
    expect(foldForSearch("한국어")).toBe("한국어");
    expect(foldForSearch("&|!():*<->'")).toBe("");
    expect(foldForSearch("")).toBe("");
  });

  it("splits into terms and puts the heading in front of the passage", () => {
    expect(searchTerms("Hồ Chí Minh?")).toEqual(["ho", "chi", "minh"]);
    expect(searchTerms("...")).toEqual([]);
    expect(passageSearchText("Giờ mở cửa", "Từ 7h đến 21h.")).toBe("gio mo cua tu 7h den 21h");
    expect(passageSearchText(null, "Phở")).toBe("pho");
  });

  it("also finds a hyphenated word written as one", () => {
    expect(passageSearchText("Wi-Fi", "Mật khẩu Wi-Fi; e-mail hoặc COVID-19.")).toBe(
      "wi fi mat khau wi fi e mail hoac covid 19 wifi email",
    );
  });
});

describe("planSearch", () => {
  it("has no plan for empty or punctuation-only questions", () => {
    expect(planSearch("")).toBeNull();
    expect(planSearch("   ")).toBeNull();
    expect(planSearch("?!…:*&|")).toBeNull();
  });

  it("never lets tsquery syntax through", () => {
    const plan = planSearch("a & b | !c (d) e:* f <-> 'g' \\h")!;
    for (const piece of [plan.any, ...plan.bigrams, plan.phrase ?? "", ...plan.terms.map((t) => t.exact)]) {
      expect(piece).toMatch(/^[\p{L}\p{N} |:*<>-]*$/u);
      expect(piece).not.toMatch(/[&!()'\\]/);
    }
    // Only the operators the plan itself writes remain: "|" between terms, "<->" between words, ":*".
    expect(plan.any.split(" | ").every((t) => /^[\p{L}\p{N}]+(:\*)?$/u.test(t))).toBe(true);
  });

  it("drops function words from matching but keeps them in bigrams", () => {
    const plan = planSearch("What are the opening hours?")!;
    expect(plan.terms.map((t) => t.exact)).toEqual(["opening", "hours"]);
    expect(plan.bigrams).toContain("opening <-> hours");
    expect(plan.bigrams).toContain("the <-> opening");
    expect(plan.bigrams).not.toContain("are <-> the");
  });

  it("uses every word when all of them are function words", () => {
    expect(planSearch("the of")!.terms.map((t) => t.exact)).toEqual(["the", "of"]);
  });

  it("builds Vietnamese bigrams and the phrase from folded syllables", () => {
    const plan = planSearch("Thành phố Hồ Chí Minh")!;
    expect(plan.bigrams).toEqual(["thanh <-> pho", "pho <-> ho", "ho <-> chi", "chi <-> minh"]);
    expect(plan.phrase).toBe("thanh <-> pho <-> ho <-> chi <-> minh");
    // Prefixes only for words of 4 letters or more: "pho" must not find "phong".
    expect(plan.terms.find((t) => t.exact === "pho")!.prefix).toBeNull();
    expect(plan.terms.find((t) => t.exact === "thanh")!.prefix).toBe("thanh:*");
  });

  it("caps very long questions and removes repeated words", () => {
    const plan = planSearch(Array.from({ length: 100 }, (_, i) => `w${i % 40}`).join(" "))!;
    expect(plan.terms.length).toBe(32);
    expect(new Set(plan.terms.map((t) => t.exact)).size).toBe(plan.terms.length);
  });
});

describe("markedScore", () => {
  it("is only planned for questions with diacritics", () => {
    expect(planSearch("pho bo")!.marked).toBeNull();
    expect(planSearch("Phở bò")!.marked).toEqual({ terms: ["phở", "bò"], bigrams: [["phở", "bò"]] });
  });

  it("scores same-marked words and pairs, not merely same-folded ones", () => {
    const marked = planSearch("phở bò")!.marked!;
    expect(markedScore(marked, "Phở bò tái")).toBe(1);
    expect(markedScore(marked, "bò kho và phở gà")).toBe(0.5);
    expect(markedScore(marked, "Phố bộ")).toBe(0);
    expect(markedScore(marked, "pho bo")).toBe(0);
    expect(markedScore(marked, "Phở bò".normalize("NFD"))).toBe(1);
  });
});

describe("markedTokens and markedScore, against their plain definitions", () => {
  // The definitions the hand-written scan and single pass must agree with, on any text.
  const tokens = (t: string) =>
    t
      .normalize("NFC")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const score = (marked: NonNullable<ReturnType<typeof planSearch>>["marked"] & {}, text: string) => {
    const words = tokens(text);
    const present = new Set(words);
    const pairs = new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`));
    const terms = marked.terms.filter((t) => present.has(t)).length / marked.terms.length;
    const bigrams = marked.bigrams.length
      ? marked.bigrams.filter(([a, b]) => pairs.has(`${a} ${b}`)).length / marked.bigrams.length
      : terms;
    return (terms + bigrams) / 2;
  };
  // Vietnamese in both normal forms, capitals, digits, punctuation, a combining mark NFC leaves alone,
  // letters outside the BMP (𝐀, 𠀀), an emoji, a lone surrogate, Turkish İ (lower-cased to two code units).
  const alphabet = [
    ..."aăâbcdđeêghiklmnoôơpqrstuưvxyàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ",
    ..."ĐÂÊÔƠƯÀÁẠẢÃ0123456789 .,;:!?-()\n\t'\"/",
    "a\u0300",
    "e\u0302\u0301",
    "\u0915\u093f",
    "𝐀",
    "𠀀",
    "😀",
    "\ud800",
    "İ",
    "ß",
  ];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const text = (n: number) =>
    Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");

  it("splits every text into the same words", () => {
    for (let i = 0; i < 2000; i++) {
      const t = text(1 + Math.floor(random() * 60));
      expect(markedTokens(t), JSON.stringify(t)).toEqual(tokens(t));
    }
  });

  it("scores every passage the same", () => {
    const questions = ["Phở bò tái", "giờ mở cửa thứ bảy", "bò bò phở phở bò", "Đà Nẵng đà nẵng"];
    for (const q of questions) {
      const marked = planSearch(q)!.marked!;
      for (let i = 0; i < 500; i++) {
        const words = q.split(" ");
        // Passages made mostly of the question's own words, so words and pairs do match.
        const t = Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
          random() < 0.7 ? words[Math.floor(random() * words.length)] : text(3),
        ).join(random() < 0.5 ? " " : ", ");
        expect(markedScore(marked, t), `${q} / ${t}`).toBe(score(marked, t));
      }
    }
  });
});
