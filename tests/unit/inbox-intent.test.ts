import { describe, expect, it } from "vitest";
import { asksForPerson } from "@/lib/inbox/intent";

/** Issue 46: a visitor asking for a person in words, in Vietnamese or English, with or without marks. */
describe("asksForPerson", () => {
  it.each([
    "Cho tôi gặp người thật",
    "gặp nhân viên",
    "GẶP NHÂN VIÊN ĐI",
    "gap nhan vien",
    "Tôi muốn nói chuyện với nhân viên tư vấn",
    "talk to a human",
    "Can I speak to a person please?",
    "I want a real person",
    "connect me with an agent",
  ])("hears %s", (text) => expect(asksForPerson(text)).toBe(true));

  it.each([
    "Tiệm mở cửa mấy giờ?",
    "Nhân viên giao hàng có mang máy quẹt thẻ không?",
    "How many people work there?",
    "What does a human resources manager do?",
    "",
  ])("does not hear %s", (text) => expect(asksForPerson(text)).toBe(false));
});
