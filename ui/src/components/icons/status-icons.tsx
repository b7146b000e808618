import type { ReactNode } from 'react';
import { Icon, type IconProps } from './icon.js';

// A toast's severity: a mark inside a circle (a triangle for warnings).

const InCircle = ({ mark, ...props }: IconProps & { mark: ReactNode }) => (
  <Icon strokeWidth={2} {...props}>
    <circle cx="12" cy="12" r="9.5" />
    {mark}
  </Icon>
);

export const InfoIcon = (props: IconProps) => <InCircle mark={<path d="M12 16v-5M12 8h.01" />} {...props} />;

export const SuccessIcon = (props: IconProps) => <InCircle mark={<path d="m8 12.5 2.5 2.5L16 9.5" />} {...props} />;

export const ErrorIcon = (props: IconProps) => <InCircle mark={<path d="m9 9 6 6M15 9l-6 6" />} {...props} />;

export const WarningIcon = (props: IconProps) => (
  <Icon strokeWidth={2} {...props}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </Icon>
);
