import { type IconProps, Svg } from "./svg";

export function SquareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect width="18" height="18" x="3" y="3" rx="2" />
    </Svg>
  );
}
