import type { ReactNode, SVGProps } from 'react';
import { classNames } from '../class-names.js';

// Tailwind classes, not width/height attributes: the sizes follow the root font size like the text.
const sizes = { 14: 'size-3.5', 16: 'size-4', 18: 'size-[18px]', 20: 'size-5', 24: 'size-6', 40: 'size-10' } as const;

/** An icon's width and height in CSS pixels (at the default root font size). */
export type IconSize = keyof typeof sizes;

/** What every icon of the set takes. */
export interface IconProps {
  /** Each icon has the default size of where it is used most. */
  size?: IconSize;
  className?: string;
  /** Line weight on the 24px grid; each icon has its own default. */
  strokeWidth?: number;
  /** Decorative by default: the control's label carries the meaning. */
  'aria-hidden'?: boolean;
}

type IconBaseProps = IconProps & Omit<SVGProps<SVGSVGElement>, keyof IconProps | 'children'> & { children: ReactNode };

/** The frame of every icon: outline on a 24px grid, currentColor, 1.8 stroke, 20px. */
export function Icon({ size = 20, className, strokeWidth = 1.8, 'aria-hidden': ariaHidden = true, children, ...svg }: IconBaseProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={ariaHidden}
      className={classNames(sizes[size], className)}
      {...svg}
    >
      {children}
    </svg>
  );
}

/** Icons that point along the reading direction are mirrored in right-to-left pages. */
export const mirrored = (className?: string) => classNames(className, 'rtl:-scale-x-100');
