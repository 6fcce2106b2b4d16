import { FacebookIcon } from "@/components/icons/lite/facebook";
import { MessageCircleMoreIcon } from "@/components/icons/lite/message-circle-more";
import { SendIcon } from "@/components/icons/lite/send";
import type { IconProps } from "@/components/icons/lite/svg";
import type { ChannelType } from "@/lib/contracts/channels";

/**
 * Each messaging platform's icon, from the app's own icon set (lucide, as served by lib/icons): a paper
 * plane for Telegram, Facebook's mark for Messenger, a speech bubble for Zalo (the set has no Zalo mark).
 */
const icons: Record<ChannelType, (props: IconProps) => React.ReactNode> = {
  telegram: SendIcon,
  messenger: FacebookIcon,
  zalo: MessageCircleMoreIcon,
};

/** The platforms in the order offered (the contract's list without its zod module, kept out of pages). */
export const channelTypeList: readonly ChannelType[] = ["telegram", "messenger", "zalo"];

/** The platform's name as people know it: a brand, the same in every language. */
export const channelLabels: Record<ChannelType, string> = {
  telegram: "Telegram",
  messenger: "Messenger",
  zalo: "Zalo",
};

export function ChannelIcon({ type, ...props }: IconProps & { type: ChannelType }) {
  const Icon = icons[type];
  return <Icon {...props} />;
}
