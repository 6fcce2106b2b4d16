/**
 * The held-out set for built-in answers (issue 12): written before the quoting was changed and never tuned
 * on. Each document holds several unrelated facts; every fact is one "unit" (a sentence, or a row of a
 * price list given by its cells). A question names the units that answer it; every other unit of the same
 * agent is unrelated, and quoting one counts against the answer.
 */

export type Unit = { id: string; parts: string[] };
export type AnswerCase = { agent: "en" | "vi"; q: string; lang: "en" | "vi"; expect: string[] };

/** A sentence unit: present when the answer has the sentence itself. */
const s = (id: string, sentence: string): Unit => ({ id, parts: [sentence] });
/** A row unit: present when one line of the answer holds every cell. */
const r = (id: string, ...cells: string[]): Unit => ({ id, parts: cells });

export const CAFE_EN = [
  s("wifi", "The Wi-Fi password is harbor2024."),
  s("delivery", "We deliver within 5 km of the café for a fee of 20,000 VND."),
  s("breakfast", "Breakfast is served from 7 am to 10 am on weekdays."),
  s("parking", "Parking is free in the basement garage for up to two hours."),
  s("pets", "Pets are welcome on the outdoor terrace but not inside."),
  s("rooms", "Private rooms for up to 12 people can be booked two days ahead by phone."),
  s("payment", "We accept cash, Visa, Mastercard and MoMo."),
  s("closed", "The café is closed on the first Monday of every month for deep cleaning."),
];

/** Harbor Café's guest notes: short paragraphs, so one passage holds every fact. */
export const cafeText = [
  `${CAFE_EN[0]!.parts[0]} ${CAFE_EN[1]!.parts[0]}`,
  `${CAFE_EN[2]!.parts[0]} ${CAFE_EN[3]!.parts[0]} ${CAFE_EN[4]!.parts[0]}`,
  `${CAFE_EN[5]!.parts[0]} ${CAFE_EN[6]!.parts[0]} ${CAFE_EN[7]!.parts[0]}`,
].join("\n\n");

/** A salon's price list as XLSX rows. */
export const SALON_ROWS = [
  ["Service", "Price", "Duration"],
  ["Haircut", "150,000 VND", "30 minutes"],
  ["Hair coloring", "450,000 VND", "90 minutes"],
  ["Manicure", "120,000 VND", "45 minutes"],
  ["Facial massage", "300,000 VND", "60 minutes"],
  ["Beard trim", "80,000 VND", "20 minutes"],
];
export const SALON_EN = SALON_ROWS.slice(1).map((row) =>
  r(`salon-${row[0]!.toLowerCase().replace(/\s+/g, "-")}`, row[0]!, row[1]!),
);

/** A Vietnamese hotel guide as a PDF with headings (larger type) over short sections. */
export const HOTEL_PDF: { heading: string; lines: string[] }[] = [
  {
    heading: "Nhận phòng và trả phòng",
    lines: ["Giờ nhận phòng là 14 giờ chiều.", "Khách trả phòng trước 12 giờ trưa."],
  },
  {
    heading: "Hồ bơi",
    lines: [
      "Hồ bơi trên tầng thượng mở cửa từ 6 giờ sáng đến 9 giờ tối.",
      "Khăn tắm được phát miễn phí tại quầy.",
    ],
  },
  {
    heading: "Xe đưa đón sân bay",
    lines: ["Xe đưa đón sân bay Nội Bài có giá 350.000 đồng một chiều.", "Vui lòng đặt xe trước 24 giờ."],
  },
  {
    heading: "Giặt ủi",
    lines: ["Dịch vụ giặt ủi tính 40.000 đồng mỗi kg và trả đồ trong ngày."],
  },
];
const line = (i: number, j: number) => HOTEL_PDF[i]!.lines[j]!;
export const HOTEL_VI = [
  s("checkin", line(0, 0)),
  s("checkout", line(0, 1)),
  s("pool", line(1, 0)),
  s("towels", line(1, 1)),
  s("shuttle", line(2, 0)),
  s("shuttle-book", line(2, 1)),
  s("laundry", line(3, 0)),
];

export const DENTAL_VI = [
  s("hours", "Phòng khám mở cửa từ 8 giờ sáng đến 8 giờ tối, từ thứ Hai đến thứ Bảy."),
  s("sunday", "Chủ nhật phòng khám chỉ nhận ca cấp cứu."),
  s("scaling", "Cạo vôi răng có giá 300.000 đồng mỗi lần."),
  s("moto", "Bệnh nhân được gửi xe máy miễn phí ở sân sau."),
  s("wifi-vi", "Mật khẩu Wi-Fi của phòng chờ là nhakhoa123."),
  s("kids", "Trẻ em dưới 6 tuổi cần có người lớn đi cùng."),
  s("pay-vi", "Phòng khám nhận thanh toán bằng tiền mặt, chuyển khoản và thẻ tín dụng."),
  s("address", "Địa chỉ phòng khám là 45 Lê Lợi, Quận 1, TP. Hồ Chí Minh."),
];
export const dentalText = [
  `${DENTAL_VI[0]!.parts[0]} ${DENTAL_VI[1]!.parts[0]} ${DENTAL_VI[2]!.parts[0]}`,
  `${DENTAL_VI[3]!.parts[0]} ${DENTAL_VI[4]!.parts[0]}`,
  `${DENTAL_VI[5]!.parts[0]} ${DENTAL_VI[6]!.parts[0]} ${DENTAL_VI[7]!.parts[0]}`,
].join("\n\n");

export const FLOWERS_VI = [
  s("deliver-time", "Tiệm giao hoa trong nội thành Hà Nội trong vòng 2 giờ."),
  s("deliver-fee", "Phí giao hàng là 30.000 đồng cho mỗi đơn."),
  s("wedding", "Hoa cưới cần đặt trước ít nhất một tuần."),
  s("wrap", "Tiệm gói quà miễn phí cho mọi đơn hàng."),
  s("exchange", "Khách được đổi hoa trong 24 giờ nếu hoa bị héo."),
];
export const flowersText = FLOWERS_VI.map((u) => u.parts[0]).join(" ");

/** A bakery's price list as CSV rows (Vietnamese Excel's ";"). */
export const BAKERY_ROWS = [
  ["Sản phẩm", "Giá", "Đơn vị"],
  ["Bánh mì thịt", "25.000 ₫", "ổ"],
  ["Cà phê sữa đá", "29.000 ₫", "ly"],
  ["Trà đào cam sả", "45.000 ₫", "ly"],
  ["Bánh bông lan trứng muối", "120.000 ₫", "hộp"],
  ["Sinh tố bơ", "40.000 ₫", "ly"],
];
export const BAKERY_VI = BAKERY_ROWS.slice(1).map((row, i) => r(`bakery-${i}`, row[0]!, row[1]!));
export const bakeryCsv = BAKERY_ROWS.map((row) => row.join(";")).join("\n");

export const UNITS = {
  en: [...CAFE_EN, ...SALON_EN],
  vi: [...HOTEL_VI, ...DENTAL_VI, ...FLOWERS_VI, ...BAKERY_VI],
};

export const CASES: AnswerCase[] = [
  // English
  { agent: "en", lang: "en", q: "What is the wifi password?", expect: ["wifi"] },
  { agent: "en", lang: "en", q: "Do you deliver? How far?", expect: ["delivery"] },
  { agent: "en", lang: "en", q: "When is breakfast served?", expect: ["breakfast"] },
  { agent: "en", lang: "en", q: "Is parking free?", expect: ["parking"] },
  { agent: "en", lang: "en", q: "Can I bring my dog?", expect: ["pets"] },
  { agent: "en", lang: "en", q: "Can I book a private room for a group?", expect: ["rooms"] },
  { agent: "en", lang: "en", q: "Do you take Visa cards?", expect: ["payment"] },
  { agent: "en", lang: "en", q: "Which day are you closed for cleaning?", expect: ["closed"] },
  { agent: "en", lang: "en", q: "How much is a haircut?", expect: ["salon-haircut"] },
  { agent: "en", lang: "en", q: "What does hair coloring cost?", expect: ["salon-hair-coloring"] },
  { agent: "en", lang: "en", q: "Price of a manicure?", expect: ["salon-manicure"] },
  { agent: "en", lang: "en", q: "How much for a beard trim?", expect: ["salon-beard-trim"] },
  // Vietnamese with diacritics
  { agent: "vi", lang: "vi", q: "Mấy giờ được nhận phòng?", expect: ["checkin"] },
  { agent: "vi", lang: "vi", q: "Hồ bơi mở cửa lúc mấy giờ?", expect: ["pool"] },
  { agent: "vi", lang: "vi", q: "Xe đưa đón sân bay giá bao nhiêu?", expect: ["shuttle"] },
  { agent: "vi", lang: "vi", q: "Giặt ủi tính tiền thế nào?", expect: ["laundry"] },
  { agent: "vi", lang: "vi", q: "Cạo vôi răng bao nhiêu tiền?", expect: ["scaling"] },
  { agent: "vi", lang: "vi", q: "Chủ nhật phòng khám có làm việc không?", expect: ["sunday"] },
  { agent: "vi", lang: "vi", q: "Mật khẩu wifi phòng chờ là gì?", expect: ["wifi-vi"] },
  { agent: "vi", lang: "vi", q: "Phòng khám ở địa chỉ nào?", expect: ["address"] },
  { agent: "vi", lang: "vi", q: "Phí giao hoa là bao nhiêu?", expect: ["deliver-fee"] },
  { agent: "vi", lang: "vi", q: "Hoa cưới phải đặt trước bao lâu?", expect: ["wedding"] },
  { agent: "vi", lang: "vi", q: "Giá bánh mì thịt?", expect: ["bakery-0"] },
  { agent: "vi", lang: "vi", q: "Trà đào cam sả giá bao nhiêu?", expect: ["bakery-2"] },
  // Vietnamese without diacritics
  { agent: "vi", lang: "vi", q: "may gio phai tra phong", expect: ["checkout"] },
  { agent: "vi", lang: "vi", q: "khan tam co mien phi khong", expect: ["towels"] },
  { agent: "vi", lang: "vi", q: "gui xe may o dau", expect: ["moto"] },
  { agent: "vi", lang: "vi", q: "tre em co can nguoi lon di cung khong", expect: ["kids"] },
  { agent: "vi", lang: "vi", q: "phong kham nhan thanh toan bang the khong", expect: ["pay-vi"] },
  { agent: "vi", lang: "vi", q: "giao hoa mat bao lau", expect: ["deliver-time"] },
  { agent: "vi", lang: "vi", q: "hoa bi heo co doi duoc khong", expect: ["exchange"] },
  { agent: "vi", lang: "vi", q: "ca phe sua da gia bao nhieu", expect: ["bakery-1"] },
  { agent: "vi", lang: "vi", q: "banh bong lan trung muoi bao nhieu tien", expect: ["bakery-3"] },
  { agent: "vi", lang: "vi", q: "sinh to bo gia nhieu", expect: ["bakery-4"] },
];
