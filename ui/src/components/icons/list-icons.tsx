import { Icon } from '../../../components/icons.js';
import type { ReactNode } from 'react';

/** The list's icons are a size smaller and a touch bolder than the shared ones. */
const SmallIcon = ({ children }: { children: ReactNode }) => (
  <Icon className="size-4" strokeWidth="1.9">
    {children}
  </Icon>
);

export const PencilIcon = () => (
  <SmallIcon>
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z" />
  </SmallIcon>
);

export const TrashIcon = () => (
  <SmallIcon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </SmallIcon>
);

export const CheckIcon = () => (
  <SmallIcon>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </SmallIcon>
);

export const SearchIcon = () => (
  <SmallIcon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </SmallIcon>
);

export const ClearIcon = () => (
  <SmallIcon>
    <path d="M6 6l12 12M18 6 6 18" />
  </SmallIcon>
);
