import { type IconProps, Svg } from "./svg";

export function CircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
    </Svg>
  );
}
