/**
 * Issue 44's bakery, as its owner wrote it (a Vietnamese FAQ), and an English café-school's notes: the
 * documents of the cross-lingual built-in answers test (tests/api/lingual-answers.test.ts) and its unit
 * twin. Each fact the tests expect is one sentence here.
 */
export const BAKERY_FAQ_VI = `# Câu hỏi thường gặp — Tiệm bánh Hoa Sen

## Giờ mở cửa
Tiệm mở cửa từ thứ Hai đến thứ Bảy, từ 6:30 đến 21:00. Chủ nhật tiệm mở cửa từ 7:00 đến 12:00. Có thể ghi chữ lên bánh kem miễn phí.

## Bảng giá
Bánh mì bơ tỏi giá 35.000đ một ổ. Bánh mì hoa cúc giá 85.000đ một ổ. Bánh kem dâu cỡ 20 cm giá 350.000đ.

## Gửi xe
Tiệm có chỗ đậu ô tô miễn phí ngay trước cửa. Xe máy gửi trong hẻm bên cạnh.

## Thanh toán
Tiệm nhận tiền mặt, chuyển khoản và ví MoMo. Không nhận thẻ tín dụng.

## Thẻ thành viên
Thẻ Vàng: giảm 10% cho mọi hóa đơn. Thẻ Bạc: giảm 5% cho mọi hóa đơn. Học sinh, sinh viên được tặng một ly trà đá.
`;

export const SCHOOL_NOTES_EN = `Oak Lane Bakery School — visitor notes

Baking classes take place every Saturday morning from 9:00 to 12:00 in our kitchen studio.
A baking class costs 450,000 VND per person, ingredients included.
Parking for cars is available behind the building, free for students.
Bicycles can be left at the front gate.
We accept cash and bank transfer.
`;
