import { Icon, type IconProps } from './icon.js';

// Row and form actions, 16px.

export const PencilIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);

/** Three linked nodes: share a conversation as a link. */
export const ShareIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
  </Icon>
);

/** Filled when on (the default preset). */
export const StarIcon = ({ filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Icon size={16} fill={filled ? 'currentColor' : 'none'} {...props}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
  </Icon>
);

export const CheckIcon = (props: IconProps) => (
  <Icon size={16} strokeWidth={2} {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const CopyIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <rect x="9" y="9" width="12" height="12" rx="2.5" />
    <path d="M5 15H4.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon size={16} strokeWidth={1.9} {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const MinusIcon = (props: IconProps) => (
  <Icon size={16} strokeWidth={2} {...props}>
    <path d="M5 12h14" />
  </Icon>
);

/** An arrow up out of a tray: read a file in. */
export const ImportIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M12 15V3M7 8l5-5 5 5M5 21h14" />
  </Icon>
);

/** An arrow down into a tray: save a file. */
export const DownloadIcon = (props: IconProps) => (
  <Icon size={16} strokeWidth={2} {...props}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Icon>
);
