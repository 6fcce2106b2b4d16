/**
 * The Vietnamese of every text the OpenAPI document carries (operation summaries, field and response
 * descriptions), keyed by the English the contracts write. Keyed by the text rather than by where it
 * sits: one wording shared by several fields is translated once, and rewording a description in a
 * contract leaves its key behind, so tests/unit/openapi-texts-vi.test.ts fails until the Vietnamese is
 * written again (a stale translation cannot survive a change of meaning).
 *
 * Only the reference page reads this, on the server: it costs no browser any script, and the served
 * /api/v1/openapi.json stays English.
 */
export const textsVi: Record<string, string> = {
  // Data rights and the live inbox
  "30, 90, 180 or 365 days; null keeps conversations until deleted by hand":
    "30, 90, 180 hoặc 365 ngày; null giữ cuộc trò chuyện cho đến khi bị xóa thủ công",
  "30, 90, 180 or 365; null: Off": "30, 90, 180 hoặc 365; null: Tắt",
  "A member takes the conversation over; held by another member, a 409 naming them.":
    "Một thành viên tiếp nhận cuộc trò chuyện; nếu thành viên khác đang giữ thì trả về 409 nêu tên người đó.",
  "Changes the current workspace's retention: conversations older than it are deleted daily (owner and admin).":
    "Đổi thời gian lưu của không gian làm việc hiện tại: cuộc trò chuyện cũ hơn mức đó bị xóa hằng ngày (chủ sở hữu và quản trị viên).",
  "Deletes every conversation of one visitor, found by one of their conversations, their name, e-mail or phone, and their contacts (owner and admin).":
    "Xóa mọi cuộc trò chuyện của một khách, tìm theo một cuộc trò chuyện của họ, tên, e-mail hoặc số điện thoại, cùng các liên hệ của họ (chủ sở hữu và quản trị viên).",
  "Deletes one conversation and its messages (owner and admin).":
    "Xóa một cuộc trò chuyện cùng các tin nhắn của nó (chủ sở hữu và quản trị viên).",
  "Deletes the caller's account: leaves every workspace, deletes those they are alone in, ends their plan and sessions; refused while they are the last owner of a workspace with other members.":
    "Xóa tài khoản của người gọi: rời mọi không gian làm việc, xóa những không gian chỉ có một mình họ, kết thúc gói và các phiên đăng nhập; bị từ chối khi họ là chủ sở hữu cuối cùng của một không gian còn thành viên khác.",
  "Deletes the current workspace with all its agents' data (owner only, typing its name); its plan ends at once without refund, invoices are kept without personal data.":
    "Xóa không gian làm việc hiện tại cùng toàn bộ dữ liệu của các trợ lý (chỉ chủ sở hữu, gõ đúng tên không gian); gói kết thúc ngay không hoàn tiền, hóa đơn được giữ lại nhưng không còn dữ liệu cá nhân.",
  "Gives the conversation back to the agent; the visitor is told the assistant is back.":
    "Trả cuộc trò chuyện lại cho trợ lý; khách được báo rằng trợ lý đã quay lại.",
  "How long the current workspace keeps conversations.":
    "Không gian làm việc hiện tại lưu cuộc trò chuyện trong bao lâu.",
  "One conversation of the workspace, whole, with who wrote each reply.":
    "Một cuộc trò chuyện của không gian làm việc, đầy đủ, kèm người viết từng câu trả lời.",
  "The holder is typing: the visitor's stream says so.":
    "Người đang giữ cuộc trò chuyện đang gõ: luồng của khách sẽ báo điều đó.",
  "The holder's reply (markdown, rendered like an answer), sent live to the visitor.":
    "Câu trả lời của người đang giữ (markdown, hiển thị như một câu trả lời), gửi trực tiếp đến khách.",
  "The visitor asks for a person in their own conversation: it waits for a member.":
    "Khách yêu cầu gặp nhân viên trong cuộc trò chuyện của chính mình: cuộc trò chuyện chờ một thành viên.",
  "The visitor's own conversation live (SSE): waiting, member_joined, member_reply, typing, released; resumes after Last-Event-ID.":
    "Cuộc trò chuyện của chính khách theo thời gian thực (SSE): waiting, member_joined, member_reply, typing, released; tiếp tục sau Last-Event-ID.",
  "The workspace's inbox live (SSE): waiting, visitor_message, taken, member_reply, released; resumes after Last-Event-ID.":
    "Hộp thư của không gian làm việc theo thời gian thực (SSE): waiting, visitor_message, taken, member_reply, released; tiếp tục sau Last-Event-ID.",
  "The workspace's inbox: waiting for a person first (longest wait first), then live, then recent.":
    "Hộp thư của không gian làm việc: các cuộc trò chuyện đang chờ nhân viên đứng đầu (chờ lâu nhất trước), rồi đang trực tiếp, rồi gần đây.",
  "a conversation of the visitor, conv_…": "một cuộc trò chuyện của khách, conv_…",
  "a person: offered after an answer the agent could not give; waiting or live when the conversation is a person's":
    "gặp nhân viên: được đề nghị sau một câu trả lời mà trợ lý không đưa ra được; waiting hoặc live khi cuộc trò chuyện do một người phụ trách",
  "as the Last-Event-ID header": "như tiêu đề Last-Event-ID",
  "contacts deleted": "số liên hệ đã xóa",
  "conversations deleted, with their messages": "số cuộc trò chuyện đã xóa, cùng các tin nhắn của chúng",
  "digits, with or without +84, spaces or dots": "các chữ số, có hoặc không có +84, dấu cách hay dấu chấm",
  "the agent answers (bot), a person is awaited (waiting), or a member holds it (live)":
    "trợ lý trả lời (bot), đang chờ một người (waiting), hoặc một thành viên đang giữ (live)",
  "the answer; null when the question went to a person (handoff `waiting` or `live`)":
    "câu trả lời; null khi câu hỏi đã được chuyển cho một người (handoff `waiting` hoặc `live`)",
  "the conversation's public id, conv_…": "mã công khai của cuộc trò chuyện, conv_…",
  "the first name of the member holding it": "tên của thành viên đang giữ cuộc trò chuyện",
  "the first name of the member who wrote it; null for the agent's":
    "tên của thành viên đã viết; null nếu là của trợ lý",
  "the name the owner's site signed for them": "tên mà trang web của chủ sở hữu đã ký cho họ",
  "the workspace's name, exactly": "tên của không gian làm việc, chính xác từng chữ",
  "whether a running plan was ended": "gói đang chạy có bị kết thúc hay không",
  "whether the caller's role may change it (owner, admin)":
    "vai trò của người gọi có được thay đổi hay không (chủ sở hữu, quản trị viên)",
  // Audit log
  "The current workspace's audit log, newest first, on a `last_id` cursor (owner and admin).":
    "Nhật ký hoạt động của không gian làm việc hiện tại, mới nhất trước, phân trang bằng `last_id` (chủ sở hữu và quản trị viên).",
  "the id of the last event already shown": "mã của sự kiện cuối cùng đã hiển thị",
  "1–100, else 50": "1–100, nếu không thì 50",
  "the event's id; pass the last one shown as `last_id` for the older ones":
    "mã của sự kiện; truyền mã cuối cùng đã hiển thị làm `last_id` để lấy các sự kiện cũ hơn",
  "member.invited, member.joined, member.removed, member.left, member.role_changed, invitation.revoked, agent.created, agent.deleted, documents.removed, plan.changed, api_key.created, api_key.revoked, widget_secret.rotated, conversations.erased, retention.changed, workspace.exported":
    "member.invited, member.joined, member.removed, member.left, member.role_changed, invitation.revoked, agent.created, agent.deleted, documents.removed, plan.changed, api_key.created, api_key.revoked, widget_secret.rotated, conversations.erased, retention.changed, workspace.exported",
  "who acted; null for the system (or a person since deleted)":
    "người thực hiện; null nếu là hệ thống (hoặc người đã bị xóa)",
  "member, invitation, agent, document, plan, api_key": "member, invitation, agent, document, plan, api_key",
  "how the target is named: an address, a name, a title":
    "tên gọi của đối tượng: một địa chỉ, một cái tên, một tiêu đề",
  "a few facts: roles or plans before and after": "vài thông tin: vai trò hoặc gói trước và sau",
  "the client address the act came from, when there was a request":
    "địa chỉ máy khách thực hiện hoạt động, khi có một yêu cầu",
  // Agents of a workspace
  "when a visitor is offered a person: always, after a fallback answer, or never":
    "khi nào khách được đề nghị gặp nhân viên: luôn luôn, sau một câu trả lời dự phòng, hoặc không bao giờ",
  "when a visitor is offered a person": "khi nào khách được đề nghị gặp nhân viên",
  "Deletes one of the workspace's agents (editor and up, typing its name) with its documents, files, passages, conversations and widget settings; 409 while documents are being learned.":
    "Xóa một trợ lý của không gian làm việc (từ biên tập viên trở lên, gõ đúng tên trợ lý) cùng tài liệu, tệp, đoạn trích, cuộc trò chuyện và cài đặt tiện ích của nó; 409 khi tài liệu vẫn đang được học.",
  "the agent's name, exactly": "tên của trợ lý, chính xác từng chữ",
  "The agent the request acts on (`agent_id`, else this browser's choice, else the workspace's first); 404 until setup has saved one.":
    "Trợ lý mà yêu cầu tác động (`agent_id`, nếu không thì trợ lý trình duyệt này đã chọn, nếu không nữa thì trợ lý đầu tiên của không gian làm việc); 404 cho đến khi phần thiết lập lưu một trợ lý.",
  "Updates the agent the request acts on (200), or creates the workspace's first agent (201) when it has none.":
    "Cập nhật trợ lý mà yêu cầu tác động (200), hoặc tạo trợ lý đầu tiên của không gian làm việc (201) khi chưa có.",
  "The current workspace's agents, the first made first, with how much each holds.":
    "Các trợ lý của không gian làm việc hiện tại, trợ lý tạo trước đứng đầu, kèm lượng dữ liệu mỗi trợ lý có.",
  "Creates another agent in the current workspace (editor and up); past the plan's agents a translated 403 `limit_agents`.":
    "Tạo thêm một trợ lý trong không gian làm việc hiện tại (từ biên tập viên trở lên); vượt số trợ lý của gói thì trả về 403 `limit_agents` đã dịch.",
  "Makes one of the workspace's agents the one this browser's pages and `/api/v1/agent/…` calls act on; any other id is a 404.":
    "Chọn một trợ lý của không gian làm việc làm trợ lý mà các trang và lời gọi `/api/v1/agent/…` của trình duyệt này tác động; mã nào khác trả về 404.",
  "the agent's public id, as in /{lang}/c/{id} and `agent_id`":
    "mã công khai của trợ lý, như trong /{lang}/c/{id} và `agent_id`",
  "files, snippets and websites it learns from": "các tệp, đoạn văn bản và trang web mà trợ lý học từ đó",
  // Workspace exports
  "queued, running, ready (downloadable), failed or expired":
    "queued (đang chờ), running (đang tạo), ready (tải được), failed (thất bại) hoặc expired (hết hạn)",
  "the export's uuid": "uuid của bản xuất",
  "the ZIP's size once ready": "dung lượng tệp ZIP khi đã sẵn sàng",
  "where a ready export is downloaded (signed in), else null":
    "nơi tải bản xuất đã sẵn sàng (cần đăng nhập), nếu không thì null",
  "the token from the e-mailed link": "mã trong liên kết đã gửi qua e-mail",
  "Starts writing one ZIP of everything the workspace holds and e-mails a link valid 24 hours (owner and admin; 3 a day).":
    "Bắt đầu tạo một tệp ZIP chứa mọi dữ liệu của không gian làm việc và gửi e-mail liên kết có hiệu lực 24 giờ (chủ sở hữu và quản trị viên; 3 lần mỗi ngày).",
  "The workspace's recent exports with their state, the newest first (owner and admin).":
    "Các bản xuất gần đây của không gian làm việc kèm trạng thái, mới nhất trước (chủ sở hữu và quản trị viên).",
  "Downloads a ready export as application/zip: members with the role, once per session, within 24 hours.":
    "Tải bản xuất đã sẵn sàng dưới dạng application/zip: thành viên có vai trò phù hợp, mỗi phiên một lần, trong vòng 24 giờ.",
  // Workspaces
  "owner > admin > editor > support": "chủ sở hữu > quản trị viên > biên tập viên > hỗ trợ",
  "admin, editor or support": "quản trị viên, biên tập viên hoặc hỗ trợ",
  "the workspace's uuid": "uuid của không gian làm việc",
  "the membership's uuid, as in /api/v1/workspace/members/{id}":
    "uuid của tư cách thành viên, như trong /api/v1/workspace/members/{id}",
  "the member's display name, else their e-mail": "tên hiển thị của thành viên, nếu không có thì là e-mail",
  "whether this member is the caller": "thành viên này có phải là người gọi hay không",
  "the invitation's uuid": "uuid của lời mời",
  "the membership's uuid": "uuid của tư cách thành viên",
  "the token from the invitation's link": "mã token trong đường dẫn của lời mời",
  "The workspace this browser acts in, with the caller's role.":
    "Không gian làm việc mà trình duyệt này đang dùng, kèm vai trò của người gọi.",
  "Every workspace the caller belongs to, the first joined first.":
    "Mọi không gian làm việc mà người gọi là thành viên, nơi tham gia sớm nhất đứng đầu.",
  "Makes a workspace the caller belongs to this browser's current one; any other id is a 404.":
    "Chọn một không gian làm việc mà người gọi là thành viên làm không gian hiện tại của trình duyệt này; mã nào khác trả về 404.",
  "The current workspace's members and its pending invitations.":
    "Các thành viên của không gian làm việc hiện tại và những lời mời đang chờ.",
  "Changes a member's role (owner and admin; never above one's own; the last owner stays).":
    "Đổi vai trò của một thành viên (chủ sở hữu và quản trị viên; không bao giờ cao hơn vai trò của chính mình; chủ sở hữu cuối cùng được giữ lại).",
  "Removes a member, or leaves with one's own id; the last owner can do neither.":
    "Xóa một thành viên, hoặc tự rời đi bằng mã của chính mình; chủ sở hữu cuối cùng không thể làm cả hai.",
  "E-mails an invitation valid 7 days (owner and admin; within the plan's seats, 100 a day).":
    "Gửi e-mail lời mời có hiệu lực 7 ngày (chủ sở hữu và quản trị viên; trong số chỗ của gói, tối đa 100 lời mời mỗi ngày).",
  "Joins a workspace with an invitation's token; only the invited address may, once, within 7 days.":
    "Tham gia không gian làm việc bằng token của lời mời; chỉ địa chỉ được mời mới dùng được, một lần, trong vòng 7 ngày.",
  "Withdraws a pending invitation (owner and admin).":
    "Thu hồi một lời mời đang chờ (chủ sở hữu và quản trị viên).",
  // Channels
  "public id, ch_…; also the webhook's path segment":
    "mã công khai, ch_…; cũng là một phần đường dẫn webhook",
  "where the platform delivers messages": "nơi nền tảng gửi tin nhắn đến",
  "Messenger only: the token to paste in the app's webhook settings; null for the others":
    "chỉ với Messenger: mã cần dán vào phần cài đặt webhook của ứng dụng; null với các kênh khác",
  "the last message received; null when none yet": "tin nhắn nhận được gần nhất; null khi chưa có",
  "why the last reply failed; null when it did not":
    "lý do lần trả lời gần nhất thất bại; null khi không thất bại",
  "the token BotFather gave the bot": "mã mà BotFather cấp cho bot",
  "the Facebook page's numeric id": "mã số của trang Facebook",
  "a Page access token with pages_messaging": "mã truy cập Trang có quyền pages_messaging",
  "the Meta app's secret, which signs the deliveries":
    "khóa bí mật của ứng dụng Meta, dùng để ký các yêu cầu gửi đến",
  "the channel's public id": "mã công khai của kênh",
  "the hub.challenge, as plain text": "giá trị hub.challenge, dạng văn bản thuần",
  "The agent's channels with their state and webhook URL, never their tokens.":
    "Các kênh của trợ lý cùng trạng thái và URL webhook, không bao giờ kèm mã bí mật.",
  "Connects a Telegram bot, a Messenger page or a Zalo OA (from the Beginner plan): the tokens are checked with the platform.":
    "Kết nối một bot Telegram, một trang Messenger hoặc một Zalo OA (từ gói Khởi đầu): các mã được kiểm tra với nền tảng.",
  "the Zalo app's id": "mã ứng dụng Zalo",
  "the Zalo app's secret key": "khóa bí mật của ứng dụng Zalo",
  "the OA secret key, which signs the events": "khóa bí mật của OA, dùng để ký các sự kiện",
  "an OA access token; left out (with refresh_token) for the OA authorization flow":
    "mã truy cập của OA; bỏ trống (cùng refresh_token) để dùng luồng cấp quyền OA",
  "its refresh token (single-use; a new pair is taken at once); left out for the OA authorization flow":
    "mã làm mới đi kèm (chỉ dùng một lần; một cặp mã mới được lấy ngay); bỏ trống để dùng luồng cấp quyền OA",
  "Zalo: when the refresh token runs out unless a message is answered before; null for the others":
    "Zalo: thời điểm mã làm mới hết hạn nếu không có tin nhắn nào được trả lời trước đó; null với các kênh khác",
  "Zalo without pasted tokens: Zalo's OA authorization page, where the owner grants access":
    "Zalo khi không dán mã: trang cấp quyền OA của Zalo, nơi chủ sở hữu cấp quyền truy cập",
  "the platform's answer when it refused; null when ok":
    "câu trả lời của nền tảng khi từ chối; null khi thành công",
  "the bot's, page's or OA's name as the platform gives it":
    "tên của bot, trang hoặc OA do nền tảng cung cấp",
  "true pauses, false resumes": "true để tạm dừng, false để tiếp tục",
  "Pauses or resumes a channel: a paused channel's messages are acknowledged to the platform and dropped.":
    "Tạm dừng hoặc tiếp tục một kênh: tin nhắn của kênh đang tạm dừng được báo đã nhận cho nền tảng rồi bỏ qua.",
  "Asks the platform who the channel's token belongs to (Telegram getMe, Graph /me, Zalo getoa); sends nothing to anyone.":
    "Hỏi nền tảng mã của kênh thuộc về ai (Telegram getMe, Graph /me, Zalo getoa); không gửi gì cho ai.",
  "Where Zalo sends the owner back after the OA authorization: the code is exchanged, then Setup → Channels.":
    "Nơi Zalo đưa chủ sở hữu quay lại sau khi cấp quyền OA: mã được đổi lấy token, rồi chuyển đến Thiết lập → Kênh nhắn tin.",
  "the messaging platform a visitor's conversation came through; null for the page and widget":
    "nền tảng nhắn tin mà cuộc trò chuyện của khách đến từ đó; null với trang chat và tiện ích",
  "Zalo OA's events for one channel, checked by their signature; text messages answered by a job.":
    "Các sự kiện Zalo OA của một kênh, được kiểm tra bằng chữ ký; tin nhắn văn bản được trả lời bởi một tác vụ nền.",
  "Disconnects a channel and removes its webhook where the platform allows; another owner's id is a 404.":
    "Ngắt kết nối một kênh và gỡ webhook nếu nền tảng cho phép; mã kênh của chủ sở hữu khác trả về 404.",
  "Telegram's updates for one channel, checked by their secret token; answered by a job.":
    "Các cập nhật Telegram của một kênh, được kiểm tra bằng mã bí mật; được trả lời bởi một tác vụ nền.",
  "Facebook's webhook handshake: hub.challenge back, as text, for the channel's own verify token.":
    "Bước bắt tay webhook của Facebook: trả lại hub.challenge dạng văn bản, chỉ với đúng mã xác minh của kênh.",
  "Messenger's deliveries for one channel, checked by their signature; answered by a job.":
    "Các tin Messenger gửi đến một kênh, được kiểm tra bằng chữ ký; được trả lời bởi một tác vụ nền.",
  // Taught answers
  "one way a visitor may ask it, at most 500 characters":
    "một cách khách có thể hỏi câu này, tối đa 500 ký tự",
  "the answer given word for word, at most 5,000 characters":
    "câu trả lời được đưa nguyên văn, tối đa 5.000 ký tự",
  "up to 10 phrasings of the question, in either language":
    "tối đa 10 cách hỏi của câu hỏi, bằng tiếng Việt hoặc tiếng Anh",
  "the taught answer's uuid": "uuid của câu trả lời đã dạy",
  "the phrasings of the question": "các cách hỏi của câu hỏi",
  "the answer given word for word": "câu trả lời được đưa nguyên văn",
  "The answers the owner taught the agent, newest first.":
    "Các câu trả lời chủ sở hữu đã dạy trợ lý, mới nhất trước.",
  "Teaches an answer to a question (`question`, or several phrasings as `questions`); it counts as a document.":
    "Dạy trợ lý câu trả lời cho một câu hỏi (`question`, hoặc nhiều cách hỏi trong `questions`); mỗi câu trả lời được tính như một tài liệu.",
  "Changes a taught answer's phrasings or its answer.":
    "Sửa các cách hỏi hoặc nội dung của một câu trả lời đã dạy.",
  "Removes a taught answer.": "Xóa một câu trả lời đã dạy.",
  // Agent
  "the agent's public id, as in /{lang}/c/{id}": "mã công khai của trợ lý, như trong /{lang}/c/{id}",
  "what a visitor reading this language sees first (the owner's own chat shows the same)":
    "điều khách đọc ngôn ngữ này thấy đầu tiên (khung chat của chính chủ sở hữu cũng hiện như vậy)",
  "the agent's icon in the lucide collection; null: the default":
    "biểu tượng của trợ lý trong bộ lucide; null: biểu tượng mặc định",
  "suggested questions' icons, by question": "biểu tượng của các câu hỏi gợi ý, theo từng câu hỏi",
  "the most of the month's messages visitors may use in one day, in percent; null: the default":
    "phần trăm tối đa số tin nhắn của tháng mà khách được dùng trong một ngày; null: mức mặc định",
  "host names allowed to embed the widget; empty for any site":
    "các tên miền được phép nhúng tiện ích; để trống thì trang nào cũng được",
  "#rrggbb": "#rrggbb",
  "the website widget's look": "giao diện của tiện ích trên website",
  "ISO 8601 instant": "thời điểm theo ISO 8601",
  "the agent's name, one line": "tên của trợ lý, trên một dòng",
  "who the agent speaks for": "trợ lý nói thay cho ai",
  "how the agent should answer": "cách trợ lý nên trả lời",
  "the first message visitors see; empty or null for the default":
    "tin nhắn đầu tiên khách nhìn thấy; để trống hoặc null để dùng lời chào mặc định",
  "questions offered as buttons": "các câu hỏi hiện thành nút bấm",
  "the agent's icon, a lucide icon name (`coffee`); empty or null for the default":
    "biểu tượng của trợ lý, là tên một biểu tượng lucide (`coffee`); để trống hoặc null để dùng mặc định",
  "an icon's name in the lucide collection, e.g. `coffee`":
    "tên một biểu tượng trong bộ lucide, ví dụ `coffee`",
  "suggested questions' icons, by question; a question not named here has none":
    "biểu tượng của các câu hỏi gợi ý, theo từng câu hỏi; câu hỏi không có tên ở đây thì không có biểu tượng",
  "said when the documents hold no answer; empty or null for the default":
    "câu trợ lý nói khi tài liệu không có câu trả lời; để trống hoặc null để dùng câu mặc định",
  "`auto` answers in the visitor's language": "`auto` trả lời bằng ngôn ngữ của khách",
  "a model id from GET /api/v1/models, or null for the default":
    "mã một mô hình lấy từ GET /api/v1/models, hoặc null để dùng mô hình mặc định",
  "host names allowed to embed the widget (`example.com`, `*.example.com`); empty for any site":
    "các tên miền được phép nhúng tiện ích (`example.com`, `*.example.com`); để trống thì trang nào cũng được",
  "the launcher's colour, #rrggbb": "màu của nút mở khung chat, dạng #rrggbb",
  "the corner of the launcher": "góc màn hình đặt nút mở khung chat",
  "words beside the launcher's icon; empty or null for the icon alone":
    "chữ hiện cạnh biểu tượng của nút mở; để trống hoặc null để chỉ hiện biểu tượng",
  "open the chat as soon as the page loads": "mở khung chat ngay khi trang vừa tải xong",
  'leave out "Powered by", where the plan allows it (shown anyway otherwise)':
    "ẩn dòng “Powered by” nếu gói cước cho phép (nếu không, dòng này vẫn hiện)",
  "the website widget's look; absent fields keep their values":
    "giao diện của tiện ích trên website; trường nào không gửi thì giữ nguyên giá trị cũ",
  "the most of the month's messages visitors may use in one day, in percent (100: no daily ceiling); null for the server's default":
    "phần trăm tối đa số tin nhắn của tháng mà khách được dùng trong một ngày (100: không giới hạn theo ngày); null để dùng mức mặc định của máy chủ",
  "What a visitor may know about an agent, without a token.":
    "Những gì khách được biết về một trợ lý, không cần token.",
  "the agent's public id": "mã công khai của trợ lý",

  // Models
  'The models an owner can pick for their agent; "builtin" is always there.':
    "Các mô hình chủ sở hữu có thể chọn cho trợ lý của mình; luôn có sẵn “builtin”.",
  "what POST /api/v1/agent takes as `model`": "giá trị POST /api/v1/agent nhận ở trường `model`",
  "the model an agent without a choice answers with":
    "mô hình dùng để trả lời khi trợ lý chưa chọn mô hình nào",

  // Training
  "The agent's documents, newest first, 20 a page.":
    "Tài liệu của trợ lý, mới nhất trước, 20 tài liệu mỗi trang.",
  "1-based; anything else is 1": "đánh số từ 1; giá trị không hợp lệ được coi là 1",
  "the document's uuid": "uuid của tài liệu",
  "the file name, the text's title, or the website's address":
    "tên tệp, tiêu đề của đoạn văn bản, hoặc địa chỉ của website",
  bytes: "số byte",
  "why it failed; on a completed document, a note (only the beginning was learned, and why)":
    "lý do thất bại; với tài liệu đã hoàn tất thì là một ghi chú (chỉ học được phần đầu, và vì sao)",
  "characters learned": "số ký tự đã học",
  "how often a website is crawled again: manual (only when asked), daily or weekly":
    "tần suất thu thập lại một website: thủ công (chỉ khi được yêu cầu), hằng ngày hoặc hằng tuần",
  "pages whose text changed and was replaced": "các trang có nội dung đã thay đổi và đã được thay thế",
  "pages new since the crawl before": "các trang mới so với lần thu thập trước",
  "pages gone from the site, removed with what was learned from them":
    "các trang không còn trên website, đã bị xóa cùng những gì học được từ chúng",
  "pages found as they were, left untouched": "các trang vẫn như cũ, được giữ nguyên",
  "why the last crawl failed, in the reader's language; the pages learned before are kept":
    "lý do lần thu thập gần nhất thất bại, bằng ngôn ngữ của người đọc; các trang đã học trước đó vẫn được giữ",
  "a website's re-crawl schedule; null for files and texts":
    "lịch thu thập lại của website; null với tệp và đoạn văn bản",
  "when a website was last crawled; null for files and texts":
    "thời điểm website được thu thập gần nhất; null với tệp và đoạn văn bản",
  "when the schedule crawls a website next; null when manual, and for files and texts":
    "thời điểm lịch sẽ thu thập website lần tới; null khi chọn thủ công, và với tệp và đoạn văn bản",
  'true from a website\'s "Crawl now" until that crawl ends':
    "true từ lúc bấm “Thu thập ngay” cho một website đến khi lần thu thập đó kết thúc",
  "what a website's last crawl found; null before one":
    "kết quả lần thu thập gần nhất của website; null khi chưa thu thập lần nào",
  "Sets a website's re-crawl schedule (manual, daily or weekly; daily on paid plans). Files and texts are refused (422).":
    "Đặt lịch thu thập lại cho một website (thủ công, hằng ngày hoặc hằng tuần; hằng ngày dành cho gói trả phí). Tệp và đoạn văn bản bị từ chối (422).",
  "Crawls a learned website again now: 409 while a crawl runs, 429 when asked again within a few minutes.":
    "Thu thập lại ngay một website đã học: trả về 409 khi đang thu thập, 429 khi yêu cầu lại trong vòng vài phút.",
  "a website's pages read so far; null for files and texts":
    "số trang của website đã đọc đến lúc này; null với tệp và đoạn văn bản",
  "present when a plan limit is the reason: where to lift it":
    "chỉ có khi lý do là giới hạn của gói cước: nơi để nâng giới hạn đó",
  "characters learned over all documents": "tổng số ký tự đã học từ mọi tài liệu",
  "Files as multipart (field `files`, many at once), or JSON for a text snippet or a website.":
    "Gửi tệp dạng multipart (trường `files`, nhiều tệp một lúc), hoặc JSON cho một đoạn văn bản hay một website.",
  "the snippet's name": "tên của đoạn văn bản",
  "a website to crawl": "website cần thu thập nội dung",
  "the files to learn, each its own part named `files`": "các tệp cần học, mỗi tệp một phần tên là `files`",
  "why it was not added, for people": "lý do không thêm được, viết cho người đọc",
  "present when a plan limit refused it": "chỉ có khi bị giới hạn của gói cước từ chối",
  "Removes a document, what the agent learned from it and its stored original.":
    "Xóa một tài liệu, cùng những gì trợ lý đã học từ nó và bản gốc đã lưu.",
  "Learns a failed document again; for a website, crawls it again.":
    "Học lại một tài liệu bị lỗi; với website thì thu thập lại từ đầu.",
  "Each page a website crawl found, with its status.":
    "Từng trang mà lần thu thập website tìm thấy, kèm trạng thái của trang.",
  "the page's own crawl status": "trạng thái thu thập của riêng trang này",

  // Chat
  "A visitor's question on the public page, answered as SSE or JSON; limits first.":
    "Câu hỏi của khách trên trang công khai, trả lời bằng SSE hoặc JSON; các giới hạn được kiểm tra trước.",
  "continue this conversation; absent to start one":
    "tiếp tục cuộc trò chuyện này; bỏ trống để bắt đầu cuộc mới",
  "the question": "câu hỏi",
  "the page's language, a hint only": "ngôn ngữ của trang, chỉ để gợi ý",
  "a visitor identified by the owner's site (widget identity verification)":
    "khách đã được website của chủ sở hữu xác định danh tính (xác minh danh tính qua tiện ích)",
  "the visitor's id in the owner's own system": "mã của khách trong hệ thống riêng của chủ sở hữu",
  "hex HMAC-SHA256 of user_id with the agent's widget secret":
    "HMAC-SHA256 của user_id với khóa bí mật tiện ích của trợ lý, dạng hex",
  "the name history shows for this visitor": "tên hiển thị cho khách này trong lịch sử",
  "public id, msg_…": "mã công khai, msg_…",
  "public id, conv_…": "mã công khai, conv_…",
  "markdown for assistant messages": "markdown với tin nhắn của trợ lý",
  "the document's name, or the crawled page's title": "tên tài liệu, hoặc tiêu đề của trang đã thu thập",
  "the web page, for a website source": "địa chỉ trang web, với nguồn là website",
  "the sentence quoted, or the passage's best sentences":
    "câu được trích dẫn, hoặc những câu sát nghĩa nhất của đoạn",
  "the passage the answer quoted or used; absent on answers stored before it was kept":
    "đoạn văn câu trả lời đã trích hoặc dùng; không có ở những câu trả lời lưu trước khi đoạn văn được giữ lại",
  "[] for questions; an answer's `[n]` is sources[n - 1]":
    "[] với câu hỏi; `[n]` trong câu trả lời ứng với sources[n - 1]",
  "answers only: a model's answer, built-in quoting, or the fallback message":
    "chỉ với câu trả lời: do mô hình trả lời, trích dẫn có sẵn, hoặc câu trả lời dự phòng",
  "A visitor's own conversation (the signed cookie decides); anyone else's is a 404.":
    "Cuộc trò chuyện của chính khách (cookie đã ký quyết định); của người khác thì trả về 404.",
  "a visitor's chat, the owner's test chat, or one asked with an API key":
    "cuộc trò chuyện của khách, cuộc chat thử của chủ sở hữu, hoặc cuộc hỏi bằng khóa API",
  "the name of a visitor the owner's site identified with a valid signature":
    "tên của khách mà website của chủ sở hữu đã xác định kèm chữ ký hợp lệ",
  "the first question, shortened": "câu hỏi đầu tiên, đã rút gọn",
  "the same as title": "giống title",
  "the visitor's device; null when unknown, and for a conversation asked with an API key":
    "thiết bị của khách; null khi không rõ, và với cuộc trò chuyện hỏi bằng khóa API",
  "answers that were the fallback message": "số câu trả lời là câu trả lời dự phòng",
  "The owner's test chat with their own agent (without the visitor's allowance); with an API key, a conversation of the `api` channel that spends the allowance.":
    "Chủ sở hữu chat thử với trợ lý của mình (không tính vào hạn mức của khách); dùng khóa API thì là cuộc trò chuyện kênh `api` và có tính vào hạn mức.",
  "One conversation of the owner's agent, oldest first, 50 at a time after `last_id`.":
    "Một cuộc trò chuyện của trợ lý, cũ nhất trước, mỗi lần 50 tin sau `last_id`.",
  "the last message already shown": "tin nhắn cuối cùng đã hiển thị",
  "Helpful or not, with an optional comment: the owner on any answer of their agent, a visitor in their own conversations.":
    "Đánh giá có hữu ích hay không, kèm nhận xét nếu muốn: chủ sở hữu với mọi câu trả lời của trợ lý, khách với các cuộc trò chuyện của chính mình.",
  "the answer's public id": "mã công khai của câu trả lời",

  // History
  "The owner's conversations, newest first, on a `last_id` cursor; by day and by words.":
    "Các cuộc trò chuyện của chủ sở hữu, mới nhất trước, phân trang theo `last_id`; lọc theo ngày và theo từ khóa.",
  "only conversations of this day, YYYY-MM-DD": "chỉ các cuộc trò chuyện trong ngày này, YYYY-MM-DD",
  "IANA time zone; the owner's saved zone when absent":
    "múi giờ IANA; nếu bỏ trống thì dùng múi giờ chủ sở hữu đã lưu",
  "words the conversation's messages contain (first 200 characters)":
    "từ ngữ có trong tin nhắn của cuộc trò chuyện (200 ký tự đầu)",
  "the last conversation already shown": "cuộc trò chuyện cuối cùng đã hiển thị",
  "Days that have conversations, for marking a calendar.":
    "Những ngày có cuộc trò chuyện, để đánh dấu trên lịch.",
  "first day, YYYY-MM-DD": "ngày đầu tiên, YYYY-MM-DD",
  "last day, YYYY-MM-DD, at most 400 days after from":
    "ngày cuối cùng, YYYY-MM-DD, không quá 400 ngày sau from",
  "calendar day, YYYY-MM-DD": "ngày theo lịch, YYYY-MM-DD",
  "One day's messages as a CSV or JSON download, the 500 latest at most.":
    "Tải tin nhắn của một ngày dưới dạng CSV hoặc JSON, tối đa 500 tin mới nhất.",
  "the day, YYYY-MM-DD": "ngày cần tải, YYYY-MM-DD",
  "csv (the default) or json": "csv (mặc định) hoặc json",
  "Conversations and messages per day, helpful answers, unanswered questions, and refused public messages.":
    "Số cuộc trò chuyện và tin nhắn mỗi ngày, câu trả lời hữu ích, câu hỏi chưa được trả lời, và tin nhắn công khai bị từ chối.",
  "times asked (questions folded alike count as one)":
    "số lần được hỏi (những câu hỏi gần giống nhau được tính là một)",
  "only days that have any; always sent, absent only from servers older than CHAT-8":
    "chỉ những ngày có tin bị từ chối; luôn được gửi, chỉ thiếu ở máy chủ cũ hơn CHAT-8",

  // Sign-in
  "How sign-in codes travel and their shape.": "Cách gửi mã đăng nhập và định dạng của mã.",
  "kept for clients written when codes could be off":
    "giữ lại cho các ứng dụng viết từ khi mã đăng nhập còn có thể bị tắt",
  "`console` prints the code in the server log": "`console` in mã ra nhật ký của máy chủ",
  "seconds a code lives": "số giây mã còn hiệu lực",
  "Mails a sign-in code, bound to this browser by the otp_request cookie; the same answer whether or not the address has an account.":
    "Gửi mã đăng nhập qua email, gắn với trình duyệt này bằng cookie otp_request; câu trả lời như nhau dù địa chỉ đó đã có tài khoản hay chưa.",
  "the mail's language": "ngôn ngữ của email",
  "the inviting user's code": "mã giới thiệu của người mời",
  "Trades a mailed code for a session; only the browser that asked for the code can use it.":
    "Đổi mã nhận qua email lấy một phiên đăng nhập; chỉ trình duyệt đã yêu cầu mã mới dùng được mã đó.",
  "only renews; POST /api/v1/user/session/renew": "chỉ dùng để gia hạn; POST /api/v1/user/session/renew",
  "seconds the access token lives": "số giây access token còn hiệu lực",
  "on sign-in, not on renewal": "có khi đăng nhập, không có khi gia hạn",
  "Starts a sign-in with an external provider: a redirect for a followed link, {url} for a script asking for JSON.":
    "Bắt đầu đăng nhập qua nhà cung cấp bên ngoài: chuyển hướng khi mở bằng liên kết, trả {url} khi script yêu cầu JSON.",
  "google, github, … (enabled ones only)": "google, github, … (chỉ những nhà cung cấp đang bật)",
  "the provider's authorization URL": "địa chỉ cấp quyền của nhà cung cấp",
  "The callback page posts what the provider sent back; answers the token pair.":
    "Trang callback gửi lên những gì nhà cung cấp trả về; trả lời bằng cặp token.",
  "The spec's entry point: a provider's sign-in, or the sign-in card on the home page.":
    "Điểm vào theo đặc tả: đăng nhập qua một nhà cung cấp, hoặc thẻ đăng nhập trên trang chủ.",

  // Sessions
  "Ends this session family and clears the cookies; always succeeds.":
    "Kết thúc chuỗi phiên này và xóa cookie; luôn thành công.",
  "Rotates both tokens; the renewal token comes as Authorization (API clients) or cookie.":
    "Cấp lại cả hai token; renewal token được gửi qua Authorization (ứng dụng API) hoặc cookie.",
  "The signed-in user's active sessions, this one marked `current`.":
    "Các phiên đang hoạt động của người dùng đã đăng nhập, phiên hiện tại được đánh dấu `current`.",
  "how it signed in: email, google, …": "cách đăng nhập: email, google, …",
  "the session of this request": "phiên của chính yêu cầu này",
  '"Sign out everywhere": ends every session of the user, this one included.':
    "“Đăng xuất mọi nơi”: kết thúc mọi phiên của người dùng, kể cả phiên này.",
  "Ends one of the user's sessions (e.g. a lost phone); another user's session id is a 404.":
    "Kết thúc một phiên của người dùng (ví dụ điện thoại bị mất); mã phiên của người khác thì trả về 404.",
  "the session's uuid": "uuid của phiên",

  // Site
  "The per-path lookup: a redirect (internal or external) and the path's middleware settings.":
    "Tra cứu theo đường dẫn: chuyển hướng (trong hoặc ngoài trang) và thiết lập middleware của đường dẫn đó.",
  "a path starting with /": "đường dẫn bắt đầu bằng /",
  "This API as an OpenAPI 3.1 document, generated from the route contracts.":
    "API này dưới dạng tài liệu OpenAPI 3.1, được tạo từ các hợp đồng của route.",
  "the OpenAPI document itself, not wrapped in {data}": "chính tài liệu OpenAPI, không bọc trong {data}",

  // Billing
  "The sandbox provider's signed events: verified, stored once per event id, processed by a job.":
    "Sự kiện có chữ ký từ nhà cung cấp sandbox: được xác minh, lưu một lần cho mỗi mã sự kiện, rồi xử lý bằng một tác vụ nền.",
  "the provider's signed event": "sự kiện có chữ ký của nhà cung cấp",
  "Stripe's signed events (when Stripe is configured, else 404): verified, stored once per event id, processed by a job.":
    "Sự kiện có chữ ký từ Stripe (khi đã cấu hình Stripe, nếu không thì 404): được xác minh, lưu một lần cho mỗi mã sự kiện, rồi xử lý bằng một tác vụ nền.",
  "payOS's signed transfer events (when payOS is configured, else 404): verified, stored once per link and transfer reference, processed by a job.":
    "Sự kiện chuyển khoản có chữ ký từ payOS (khi đã cấu hình payOS, nếu không thì 404): được xác minh, lưu một lần cho mỗi liên kết và mã tham chiếu chuyển khoản, rồi xử lý bằng một tác vụ nền.",
  "Sandbox only: pays the owner's checkout with a test card, or starts a bank transfer.":
    "Chỉ trong sandbox: thanh toán đơn của chủ sở hữu bằng thẻ thử, hoặc bắt đầu một lần chuyển khoản ngân hàng.",
  "card_declined, …": "card_declined, …",
  "Sandbox only: the funds of the owner's bank transfer arrive.":
    "Chỉ trong sandbox: tiền từ lần chuyển khoản ngân hàng của chủ sở hữu được ghi nhận là đã đến.",
  "Sandbox only: runs renewals, retries and expiry for the owner's own subscription as if it were `at` (a test clock).":
    "Chỉ trong sandbox: chạy gia hạn, thử lại và hết hạn cho gói đăng ký của chính chủ sở hữu như thể đang ở thời điểm `at` (đồng hồ thử nghiệm).",
  "upcoming invoices prepared": "số hóa đơn sắp tới đã được chuẩn bị",
  "renewal invoices that got a bank-transfer link (payOS; owners without a saved card)":
    "số hóa đơn gia hạn đã nhận liên kết chuyển khoản (payOS; chủ sở hữu chưa lưu thẻ)",
  "periods that ended and were charged or closed": "số kỳ đã kết thúc và đã được thu tiền hoặc đóng lại",
  "failed renewals charged again": "số lần gia hạn thất bại đã được thu lại",

  // Widget and API keys
  "The agent's widget identity secret (made on first reading).":
    "Khóa bí mật xác minh danh tính của tiện ích (được tạo ở lần đọc đầu tiên).",
  "HMAC-SHA256 key: user_hash = hex(HMAC(secret, user_id)); keep it on your server":
    "khóa HMAC-SHA256: user_hash = hex(HMAC(secret, user_id)); chỉ giữ khóa này trên máy chủ của bạn",
  "Replaces the widget identity secret: ids signed with the old one stop being trusted.":
    "Thay khóa bí mật xác minh danh tính của tiện ích: các mã đã ký bằng khóa cũ sẽ không còn được tin cậy.",
  "The agent's API keys, newest first: names and last four characters, never the keys.":
    "Các khóa API của trợ lý, mới nhất trước: chỉ có tên và bốn ký tự cuối, không bao giờ có khóa đầy đủ.",
  "public id, key_…": "mã công khai, key_…",
  "the key's last four characters, to tell keys apart": "bốn ký tự cuối của khóa, để phân biệt các khóa",
  "to the minute; null when never used": "chính xác đến phút; null nếu chưa dùng lần nào",
  "A new API key for the owner's programs; the key is in this answer only (20 at most).":
    "Tạo khóa API mới cho chương trình của chủ sở hữu; khóa chỉ xuất hiện trong câu trả lời này (tối đa 20 khóa).",
  "what the key is for, one line": "khóa dùng để làm gì, trên một dòng",
  "ac_live_…: shown this once, only its hash is kept":
    "ac_live_…: chỉ hiện một lần này, máy chủ chỉ giữ bản băm",
  "Revokes a key at once; another owner's key id is a 404.":
    "Thu hồi khóa ngay lập tức; mã khóa của chủ sở hữu khác thì trả về 404.",
  "the key's public id": "mã công khai của khóa",

  // What the document itself writes around the contracts: responses and the error shape.
  "`{data, meta?}`": "`{data, meta?}`",
  "`{data, meta?}` JSON, or with `Accept: text/event-stream` a stream of the events start, sources, delta, done and error":
    "JSON `{data, meta?}`, hoặc khi gửi `Accept: text/event-stream` thì là luồng các sự kiện start, sources, delta, done và error",
  "server-sent events": "sự kiện do máy chủ gửi (SSE)",
  "a file (Content-Disposition: attachment)": "một tệp (Content-Disposition: attachment)",
  "`{data}` for a script that asks for JSON (`Accept: application/json`)":
    "`{data}` cho script yêu cầu JSON (`Accept: application/json`)",
  "a followed link is redirected": "mở bằng liên kết thì được chuyển hướng",
  "where to go next": "nơi cần đến tiếp theo",
  "a redirect": "một chuyển hướng",
  "a JSON document, not wrapped in `{data}`": "một tài liệu JSON, không bọc trong `{data}`",
  "a stable code: unauthorized, validation_failed, not_found, …":
    "mã ổn định: unauthorized, validation_failed, not_found, …",
  "a sentence in the request's language": "một câu theo ngôn ngữ của yêu cầu",
  "per-field reasons of a 422": "lý do theo từng trường của lỗi 422",
};
