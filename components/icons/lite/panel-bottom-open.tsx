import { type IconProps, Svg } from "./svg";

export function PanelBottomOpenIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect width="18" height="18" x="3" y="3" rx="2" />
      <path d="M3 15h18" />
      <path d="m9 10 3-3 3 3" />
    </Svg>
  );
}
