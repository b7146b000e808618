import { Link, type LinkProps } from 'react-router-dom';
import { classNames } from './class-names.js';

export const textLinkClass =
  'font-medium text-neutral-900 underline-offset-4 hover:underline dark:text-neutral-100 rounded-sm';

/** An in-app link styled for running text. */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={classNames(textLinkClass, className)} {...props} />;
}
