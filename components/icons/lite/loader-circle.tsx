import { type IconProps, Svg } from "./svg";

export function LoaderCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </Svg>
  );
}
