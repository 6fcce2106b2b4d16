/**
 * Questions for tests/unit/chat-retrieval-quality.test.ts over the documents in tests/fixtures/chat-quality.
 * `expect` is a piece of the passage that answers; `history` holds the visitor's earlier questions.
 */
export type Business = "bakery" | "ward" | "dental" | "designer";
export type QualityCase = { agent: Business; q: string; expect: string; history?: string[] };

export const FIXTURE_FILES: Record<Business, string[]> = {
  bakery: ["bakery.vi.md", "bakery.en.md"],
  ward: ["ward-office.vi.md"],
  dental: ["dental.en.md", "dental.vi.md"],
  designer: ["designer.en.md", "designer.vi.md"],
};

export const ANSWERABLE: QualityCase[] = [
  // Bakery: Vietnamese document
  { agent: "bakery", q: "Tiệm mở cửa mấy giờ?", expect: "6:30 sáng đến 21:00" },
  { agent: "bakery", q: "Chủ nhật tiệm có mở cửa không?", expect: "từ 8:00 đến 14:00" },
  { agent: "bakery", q: "tiem o dau vay", expect: "152 Nguyễn Trãi" },
  { agent: "bakery", q: "Bánh mì thịt nướng giá bao nhiêu?", expect: "Bánh mì thịt nướng 25.000đ" },
  { agent: "bakery", q: "banh kem sinh nhat size 20 bao nhieu tien", expect: "size 20 cm giá 380.000đ" },
  { agent: "bakery", q: "Phí giao hàng là bao nhiêu?", expect: "phí 15.000đ" },
  { agent: "bakery", q: "Tiệm có nhận chuyển khoản không?", expect: "chuyển khoản ngân hàng Vietcombank" },
  { agent: "bakery", q: "Đặt bánh mì cho đám cưới có giảm giá không?", expect: "giảm 10%" },
  { agent: "bakery", q: "co giao hang vao buoi toi khong", expect: "Giao hàng từ 8:00 đến 20:00" },
  { agent: "bakery", q: "Tết tiệm có nghỉ không?", expect: "mùng 1 đến mùng 4" },
  // Bakery: English document
  { agent: "bakery", q: "How much is an almond croissant?", expect: "almond croissant 45,000 VND" },
  { agent: "bakery", q: "Do you have gluten-free bread?", expect: "gluten-free banana bread" },
  { agent: "bakery", q: "How much is a latte with oat milk?", expect: "Oat milk is 10,000 VND extra" },
  { agent: "bakery", q: "When is the bread baking class?", expect: "first Saturday of each month" },
  { agent: "bakery", q: "How does the loyalty card work?", expect: "Every tenth coffee is free" },
  // Ward office (Vietnamese only)
  { agent: "ward", q: "Phường làm việc giờ nào?", expect: "sáng 7:30 đến 11:30, chiều 13:00" },
  { agent: "ward", q: "Thứ Bảy có làm việc không?", expect: "Sáng thứ Bảy tiếp nhận hồ sơ" },
  { agent: "ward", q: "Đăng ký khai sinh cần những giấy tờ gì?", expect: "giấy chứng sinh do bệnh viện cấp" },
  { agent: "ward", q: "dang ky khai sinh co mat phi khong", expect: "Đăng ký đúng hạn không mất lệ phí" },
  { agent: "ward", q: "Chứng thực bản sao bao nhiêu tiền một trang?", expect: "2.000 đồng một trang" },
  { agent: "ward", q: "lam giay xac nhan cu tru mat bao lau", expect: "giấy xác nhận thông tin về cư trú" },
  {
    agent: "ward",
    q: "Đăng ký tạm trú nộp trực tuyến lệ phí bao nhiêu?",
    expect: "5.000 đồng khi nộp trực tuyến",
  },
  { agent: "ward", q: "Đăng ký kết hôn cần mang gì?", expect: "giấy xác nhận tình trạng hôn nhân" },
  { agent: "ward", q: "so dien thoai bo phan mot cua", expect: "028 3848 1234" },
  { agent: "ward", q: "Trụ sở phường ở đâu?", expect: "28 Trần Quang Khải" },
  // Dental clinic
  { agent: "dental", q: "How much does teeth cleaning cost?", expect: "costs 300,000 VND" },
  { agent: "dental", q: "Where is the clinic?", expect: "45 Le Loi Street" },
  { agent: "dental", q: "Do you accept insurance?", expect: "Bao Viet and Prudential" },
  { agent: "dental", q: "How much are braces?", expect: "Metal braces cost 30,000,000 VND" },
  { agent: "dental", q: "How do I book an appointment?", expect: "smiledental.vn" },
  { agent: "dental", q: "Nhổ răng khôn mọc lệch giá bao nhiêu?", expect: "mọc ngầm 2.500.000đ" },
  { agent: "dental", q: "tram rang sau bao nhieu tien", expect: "composite 400.000đ" },
  { agent: "dental", q: "Trẻ em khám răng có mất phí không?", expect: "dưới 12 tuổi miễn phí" },
  { agent: "dental", q: "implant bao hanh may nam", expect: "implant được bảo hành 10 năm" },
  { agent: "dental", q: "Sau khi nhổ răng cần kiêng gì?", expect: "không ăn đồ nóng trong 24 giờ" },
  // Freelance designer
  { agent: "designer", q: "How much is a logo?", expect: "logo package costs 8,000,000 VND" },
  {
    agent: "designer",
    q: "What is included in the brand identity package?",
    expect: "12-page brand guideline",
  },
  { agent: "designer", q: "Do you build websites?", expect: "I do not write code" },
  { agent: "designer", q: "What are your payment terms?", expect: "50% deposit" },
  { agent: "designer", q: "How can I contact you?", expect: "Zalo at 0905 777 888" },
  { agent: "designer", q: "Thiết kế menu giá bao nhiêu?", expect: "3.500.000đ cho menu 4 trang" },
  { agent: "designer", q: "thiet ke bao bi gia bao nhieu", expect: "từ 6.000.000đ một mẫu" },
  { agent: "designer", q: "Ai giữ bản quyền thiết kế?", expect: "sở hữu toàn bộ bản quyền" },
  { agent: "designer", q: "Cuối tuần chị có làm việc không?", expect: "Cuối tuần chỉ trả lời tin nhắn gấp" },
  // Follow-ups: the question leans on an earlier one
  {
    agent: "bakery",
    history: ["Tiệm mở cửa mấy giờ?"],
    q: "còn chủ nhật thì sao?",
    expect: "từ 8:00 đến 14:00",
  },
  {
    agent: "bakery",
    history: ["Bánh kem sinh nhật có những size nào?"],
    q: "thế còn giá size 24?",
    expect: "size 24 cm giá 520.000đ",
  },
  {
    agent: "ward",
    history: ["Xin trích lục khai sinh mất bao nhiêu tiền?"],
    q: "còn nhận kết quả khi nào?",
    expect: "nhận kết quả trong ngày nếu nộp trước 10 giờ",
  },
  {
    agent: "dental",
    history: ["What are your opening hours?"],
    q: "and on Sunday?",
    expect: "Sunday 8:00 to 12:00",
  },
  {
    agent: "dental",
    history: ["How much is teeth whitening?"],
    q: "what about implants?",
    expect: "from 18,000,000 VND per tooth",
  },
  {
    agent: "dental",
    history: ["Nhổ răng khôn giá bao nhiêu?"],
    q: "có đau không?",
    expect: "Có gây tê, không đau",
  },
  {
    agent: "designer",
    history: ["How much is a logo?"],
    q: "and how long does it take?",
    expect: "Delivery in two weeks",
  },
  {
    agent: "designer",
    history: ["thiet ke menu gia bao nhieu"],
    q: "con bao bi thi sao",
    expect: "từ 6.000.000đ một mẫu",
  },
  // Written after the word lists and the threshold were settled, and left as they came out.
  { agent: "bakery", q: "Do you take MoMo?", expect: "ví MoMo" },
  { agent: "bakery", q: "vegan buns made with what?", expect: "Vegan buns use coconut oil" },
  {
    agent: "ward",
    q: "Nộp hồ sơ tạm trú cần hợp đồng thuê nhà không?",
    expect: "hợp đồng thuê nhà có xác nhận",
  },
  { agent: "dental", q: "How long does a whitening session take?", expect: "takes 60 minutes" },
  { agent: "dental", q: "boi fluor gia bao nhieu", expect: "Bôi fluor phòng sâu răng 200.000đ" },
  { agent: "designer", q: "Can I pay the rest after delivery?", expect: "the rest is due on delivery" },
];

/** Questions the documents cannot answer: the engine must say its fallback message. */
export const UNANSWERABLE: Omit<QualityCase, "expect">[] = [
  { agent: "bakery", q: "Do you sell wedding dresses?" },
  { agent: "bakery", q: "Tiệm có bán pizza không?" },
  { agent: "bakery", q: "Can I pay with Bitcoin?" },
  { agent: "ward", q: "Thủ tục xin visa đi Mỹ như thế nào?" },
  { agent: "ward", q: "phuong co cho thue san bong khong" },
  { agent: "dental", q: "Do you do heart surgery?" },
  { agent: "dental", q: "Phòng khám có chữa bệnh tiểu đường không?" },
  { agent: "designer", q: "Do you repair motorbikes?" },
  { agent: "designer", q: "Bạn có dạy tiếng Nhật không?" },
  { agent: "dental", history: ["What are your opening hours?"], q: "and do you sell cars?" },
  // Written after the word lists and the threshold were settled.
  { agent: "bakery", q: "Có bán bánh trung thu không?" },
  { agent: "ward", q: "How do I renew my driving licence?" },
  { agent: "dental", q: "Do you treat dogs and cats?" },
  { agent: "designer", q: "Do you shoot wedding photos?" },
];
