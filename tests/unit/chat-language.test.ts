import { describe, expect, it } from "vitest";
import { detectLanguage } from "@/lib/retrieval/language";

const vietnamese = [
  "Giờ mở cửa chủ nhật?",
  "Cho tôi hỏi giá bánh mì bao nhiêu?",
  "còn chủ nhật thì sao?",
  "thế còn giá?",
  "Địa chỉ phòng khám ở đâu ạ",
  "Làm căn cước công dân cần giấy tờ gì?",
  "cảm ơn",
  "Xin chào",
  "gio mo cua chu nhat",
  "cho toi hoi gia bao nhieu",
  "phong kham co lam viec thu bay khong",
  "lam ho chieu mat bao lau",
  "cam on ban nhieu",
  "xin chao shop",
  "banh kem gia bao nhieu vay",
  "dia chi o dau",
  "co giao hang tan noi khong",
  "nho rang khon co dau khong",
  "Cho mình hỏi price của combo này",
  "Mình muốn đặt lịch hẹn tuần sau, được không?",
  "ok, cảm ơn nhiều",
];

const english = [
  "What are your opening hours on Sunday?",
  "How much does a birthday cake cost?",
  "and on Sunday?",
  "what about the price?",
  "Where is the clinic?",
  "Can I book an appointment for next week?",
  "thanks a lot",
  "Do you deliver to District 7?",
  "Is the café open on Sunday?",
  "How long does it take to get a new ID card?",
  "Can I order bánh mì for 20 people?",
  "Tell me about your logo design packages",
  "opening hours",
];

describe("detectLanguage", () => {
  it.each(vietnamese)("hears Vietnamese in %j", (text) => {
    expect(detectLanguage(text)).toBe("vi");
    expect(detectLanguage(text, "en")).toBe("vi");
  });

  it.each(english)("hears English in %j", (text) => {
    expect(detectLanguage(text)).toBe("en");
    expect(detectLanguage(text, "vi")).toBe("en");
  });

  it.each(["ok", "123", "Minh", "?", "", "  ", "50.000", "iPhone 15", "Hoa Mai", "thanks", "hello"])(
    "leaves %j to the hint",
    (text) => {
      expect(detectLanguage(text, "vi")).toBe("vi");
      expect(detectLanguage(text, "en")).toBe("en");
    },
  );

  it("defaults to English when the text says nothing and there is no hint", () => {
    expect(detectLanguage("ok")).toBe("en");
    expect(detectLanguage("12", null)).toBe("en");
  });
});
