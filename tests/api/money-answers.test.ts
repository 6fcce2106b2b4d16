import { beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { makeXlsx } from "../helpers/ingest-fixtures";

/**
 * Issue 43 item 21: a price list whose cells are numbers formatted as money (350000 shown as 350.000 ₫)
 * is answered with the price written the reader's way: 350.000 ₫ in Vietnamese, 350,000 VND in English.
 */
let agentId: string;
let csvAgentId: string;

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
  // A CSV has no cell formats: its header says the plain numbers are đồng.
  ({ agentId: csvAgentId } = await ownerWithAgent({
    name: "Tiệm hoa Mai",
    model: "builtin",
    texts: [],
    files: [
      {
        name: "bang-gia-hoa.csv",
        content: Buffer.from(
          "Sản phẩm,Giá (VNĐ),Số lượng tồn\nBó hoa hồng đỏ,450000,120000\nLẵng hoa lan,1200000,3\n",
        ),
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

describe("a price from a CSV whose header names the currency", () => {
  it("is written each reader's way, and the other number columns are left alone", async () => {
    const vi = await new Visitor(undefined, "vi").ask(csvAgentId, "Bó hoa hồng đỏ giá bao nhiêu?");
    expect(vi.status).toBe(200);
    expect(vi.body.data!.message.content).toContain("450.000 ₫");
    expect(vi.body.data!.message.content).toContain("120000");
    const en = await new Visitor(undefined, "en").ask(csvAgentId, "How much is the bo hoa hong do?");
    expect(en.status).toBe(200);
    expect(en.body.data!.message.content).toContain("450,000 VND");
    expect(en.body.data!.message.content).not.toContain("450000");
  });
});
