// A small set of line icons (24×24, currentColor), decorative unless labelled.
import type { SVGProps } from "react";

const PATHS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  chevronLeft: "M15 5l-7 7 7 7",
  chevronRight: "M9 5l7 7-7 7",
  chevronDown: "M5 9l7 7 7-7",
  plus: "M12 5v14M5 12h14",
  pencil: "M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  camera: "M3 8h3l2-3h8l2 3h3v11H3zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  computer: "M3 5h18v11H3zM8 20h8M12 16v4",
  router: "M3 14h18v6H3zM7 17h.01M11 17h.01M8 14l-2-7M16 14l2-7M9 7a4 4 0 0 1 6 0",
  field: "M3 5h18v14H3zM12 5v14M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 9h3v6H3M21 9h-3v6h3",
  unlink: "M9 15l-2 2a3 3 0 0 1-4-4l2-2M15 9l2-2a3 3 0 0 1 4 4l-2 2M8 8L4 4M16 16l4 4",
  record: "M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  stop: "M7 7h10v10H7z",
  pause: "M8 5v14M16 5v14",
  lock: "M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3",
  unlock: "M6 11h12v10H6zM8 11V8a4 4 0 0 1 7.5-2",
  restore: "M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4",
  flag: "M5 21V4M5 4h11l-2 4 2 4H5",
  stepBack: "M7 6v12M18 6l-8 6 8 6z",
  stepForward: "M17 6v12M6 6l8 6-8 6z",
  keyboard: "M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10",
  play: "M8 5.5v13l11-6.5z",
  calendar: "M4 7h16v13H4zM4 11h16M8 3v4M16 3v4",
  clock: "M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  pin: "M12 21s7-6.2 7-11.5A7 7 0 0 0 5 9.5C5 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  share:
    "M8.6 13.5l6.8 4M15.4 6.5l-6.8 4M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  logout: "M15 17l5-5-5-5M20 12H9M12 20H5V4h7",
  login: "M10 17l5-5-5-5M15 12H3M14 4h6v16h-6",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  grid: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  video: "M3 6h13v12H3zM16 10l5-3v10l-5-3",
  alert: "M12 8v5M12 16.5v.5M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
  check: "M5 12.5l4.5 4.5L19 7.5",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  trophy: "M8 4h8v5a4 4 0 0 1-8 0zM8 6H4v1a4 4 0 0 0 4 4M16 6h4v1a4 4 0 0 1-4 4M12 13v4M8 21h8M9 17h6",
  calendarClock: "M4 7h16v5M4 7v13h8M4 11h16M8 3v4M16 3v4M17 22a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17 16.5V18l1 1",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a7 7 0 0 1 4 7",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1.5-2-3.5-2.4.8a7 7 0 0 0-1.7-1L14.5 4h-5l-.4 2.8a7 7 0 0 0-1.7 1L5 7 3 10.5 5 12l-2 1.5L5 17l2.4-.8a7 7 0 0 0 1.7 1l.4 2.8h5l.4-2.8a7 7 0 0 0 1.7-1L19 17l2-3.5z",
  activity: "M3 12h4l3-8 4 16 3-8h4",
  key: "M14 10a5 5 0 1 0-4.9 5.9L11 14h2v-2h2v-2zM7.5 13.5h.01",
  layers: "M12 3l9 5-9 5-9-5zM3 13l9 5 9-5",
  broadcast:
    "M12 13a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM8.5 8a5 5 0 0 0 0 7M15.5 8a5 5 0 0 1 0 7M5.6 5.1a9 9 0 0 0 0 12.8M18.4 5.1a9 9 0 0 1 0 12.8",
  globe: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4",
  bell: "M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  refresh: "M20 11a8 8 0 0 0-14.6-4.5M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5M20 20v-4h-4",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
} as const;

export type IconName = keyof typeof PATHS;

interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName;
  size?: number;
  /** Gives the icon a text alternative; without it the icon is hidden from assistive technology. */
  label?: string;
}

export function Icon({ name, size = 20, label, ...rest }: IconProps) {
  const filled = name === "play";
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
