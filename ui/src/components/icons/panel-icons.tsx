import { Icon, mirrored, type IconProps } from './icon.js';

// Chevrons, 16px. Left and right are physical (sibling arrows); start and end follow the reading direction.

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

/** Points towards the inline start (left, or right in right-to-left pages). */
export const ChevronStartIcon = ({ className, ...props }: IconProps) => <ChevronLeftIcon className={mirrored(className)} {...props} />;

/** Points towards the inline end (right, or left in right-to-left pages). */
export const ChevronEndIcon = ({ className, ...props }: IconProps) => <ChevronRightIcon className={mirrored(className)} {...props} />;

/** A menu button's "opens below"; a sharp tip, as drawn before the set. */
export const ChevronDownIcon = (props: IconProps) => (
  <Icon size={16} strokeWidth={2} strokeLinejoin="miter" {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

/** The narrower one of a select field. */
export const SelectChevronIcon = (props: IconProps) => (
  <Icon size={16} strokeWidth={2} strokeLinejoin="miter" {...props}>
    <path d="m7 10 5 5 5-5" />
  </Icon>
);
