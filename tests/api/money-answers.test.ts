import { beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { makeXlsx } from "../helpers/ingest-fixtures";

/**
 * Issue 43 item 21: a price list whose cells are numbers formatted as money (350000 shown as 350.000 ₫)
 * is answered with the price written the reader's way: 350.000 ₫ in Vietnamese, 350,000 VND in English.
 */
let agentId: string;

beforeAll(async () => {
  ({ agentId } = await ownerWithAgent({
    name: "Tiệm bánh Hoa Sen",
    model: "builtin",
    texts: [],
    files: [
      {
        name: "bang-gia.xlsx",
        content: makeXlsx([
          {
            name: "Bảng giá",
            rows: [
              ["Sản phẩm", "Giá"],
              ["Bánh kem dâu", { value: 350000, format: '#,##0 "₫"' }],
              ["Bánh mì bơ tỏi", { value: 35000, format: '#,##0 "₫"' }],
            ],
          },
        ]),
      },
    ],
  }));
});

describe("a price from a spreadsheet", () => {
  it("is written the Vietnamese way for a Vietnamese visitor", async () => {
    const answered = await new Visitor(undefined, "vi").ask(agentId, "Bánh kem dâu giá bao nhiêu?");
    expect(answered.status).toBe(200);
    const content = answered.body.data!.message.content;
    expect(content).toContain("350.000 ₫");
    expect(content).not.toContain("350000");
  });

  it("is written the English way for an English visitor", async () => {
    const answered = await new Visitor(undefined, "en").ask(agentId, "How much is the banh kem dau?");
    expect(answered.status).toBe(200);
    const content = answered.body.data!.message.content;
    expect(content).toContain("350,000 VND");
    expect(content).not.toMatch(/350000|350\.000/);
  });
});
