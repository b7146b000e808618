import { classNames } from '../../components/class-names.js';
import type { EndpointsConfig } from './endpoints-query.js';
import { endpointKind } from './endpoint-meta.js';

// Brand marks, 24-unit grid, drawn in a tinted tile so they read on light and dark surfaces alike.
const marks: Record<string, { path: string; tile: string; fillRule?: 'evenodd' }> = {
  openAI: {
    tile: 'bg-[#10a37f] text-white',
    path: 'M22.2819 9.8211a5.9847 5.9847 0 0 0-.5157-4.9108 6.0462 6.0462 0 0 0-6.5098-2.9A6.0651 6.0651 0 0 0 4.9807 4.1818a5.9847 5.9847 0 0 0-3.9977 2.9 6.0462 6.0462 0 0 0 .7427 7.0966 5.98 5.98 0 0 0 .511 4.9107 6.051 6.051 0 0 0 6.5146 2.9001A5.9847 5.9847 0 0 0 13.2599 24a6.0557 6.0557 0 0 0 5.7718-4.2058 5.9894 5.9894 0 0 0 3.9977-2.9001 6.0557 6.0557 0 0 0-.7475-7.0729zm-9.022 12.6081a4.4755 4.4755 0 0 1-2.8764-1.0408l.1419-.0804 4.7783-2.7582a.7948.7948 0 0 0 .3927-.6813v-6.7369l2.02 1.1686a.071.071 0 0 1 .038.052v5.5826a4.504 4.504 0 0 1-4.4945 4.4944zm-9.6607-4.1254a4.4708 4.4708 0 0 1-.5346-3.0137l.142.0852 4.783 2.7582a.7712.7712 0 0 0 .7806 0l5.8428-3.3685v2.3324a.0804.0804 0 0 1-.0332.0615L9.74 19.9502a4.4992 4.4992 0 0 1-6.1408-1.6464zM2.3408 7.8956a4.485 4.485 0 0 1 2.3655-1.9728V11.6a.7664.7664 0 0 0 .3879.6765l5.8144 3.3543-2.0201 1.1685a.0757.0757 0 0 1-.071 0l-4.8303-2.7865A4.504 4.504 0 0 1 2.3408 7.872zm16.5963 3.8558L13.1038 8.364 15.1192 7.2a.0757.0757 0 0 1 .071 0l4.8303 2.7913a4.4944 4.4944 0 0 1-.6765 8.1042v-5.6772a.79.79 0 0 0-.407-.667zm2.0107-3.0231l-.142-.0852-4.7735-2.7818a.7759.7759 0 0 0-.7854 0L9.409 9.2297V6.8974a.0662.0662 0 0 1 .0284-.0615l4.8303-2.7866a4.4992 4.4992 0 0 1 6.6802 4.66zM8.3065 12.863l-2.02-1.1638a.0804.0804 0 0 1-.038-.0567V6.0742a4.4992 4.4992 0 0 1 7.3757-3.4537l-.142.0805L8.704 5.459a.7948.7948 0 0 0-.3927.6813zm1.0976-2.3654l2.602-1.4998 2.6069 1.4998v2.9994l-2.5974 1.4997-2.6067-1.4997Z',
  },
  azureOpenAI: {
    tile: 'bg-[#0078d4] text-white',
    path: 'M8.2 3h6.1L7.9 21.2a1 1 0 0 1-.9.8H2.3a.9.9 0 0 1-.8-1.3L7.4 3.7a.9.9 0 0 1 .8-.7zm8.9 12.3H7.4a.4.4 0 0 0-.3.8l6.2 5.6a1 1 0 0 0 .7.3h5.7zM15.8 3.6a.9.9 0 0 0-.8-.6H8.5a.9.9 0 0 1 .8.6l6 17.8a.9.9 0 0 1-.8 1.2h6.5a.9.9 0 0 0 .9-1.2z',
  },
  anthropic: {
    tile: 'bg-[#d97757] text-white',
    path: 'M17.3041 3.541h-3.6718l6.696 16.918H24Zm-10.6082 0L0 20.459h3.7442l1.3693-3.5527h7.0052l1.3693 3.5528h3.7442L10.5363 3.5409Zm-.3712 10.2232 2.2914-5.9456 2.2914 5.9456Z',
  },
  google: {
    tile: 'bg-gradient-to-br from-[#4285f4] via-[#9b72cb] to-[#d96570] text-white',
    path: 'M12 24A14.304 14.304 0 0 0 0 12 14.304 14.304 0 0 0 12 0a14.305 14.305 0 0 0 12 12 14.305 14.305 0 0 0-12 12',
  },
  // chatbox's own drawings, not the brands' logos: a lowercase b for Bing, a speech
  // bubble with three dots for ChatGPT's web backend.
  bingAI: {
    tile: 'bg-gradient-to-br from-[#0e8a7e] to-[#2a6fdb] text-white',
    path: 'M6 2.5h3v18H6zm6.5 7a5.5 5.5 0 1 1 0 11 5.5 5.5 0 1 1 0-11zm0 2.7a2.8 2.8 0 1 0 0 5.6 2.8 2.8 0 1 0 0-5.6z',
  },
  chatGPTBrowser: {
    tile: 'bg-[#19806a] text-white',
    path: 'M4 3.5h16A2.5 2.5 0 0 1 22.5 6v9a2.5 2.5 0 0 1-2.5 2.5h-8.2L6.5 21.8v-4.3H4A2.5 2.5 0 0 1 1.5 15V6A2.5 2.5 0 0 1 4 3.5zM6 10.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zm4.5 0a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zm4.5 0a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0z',
    fillRule: 'evenodd',
  },
};

// A stable colour per custom endpoint name, so the same letter avatar always looks the same.
const avatarColours = ['bg-violet-600', 'bg-sky-600', 'bg-amber-600', 'bg-rose-600', 'bg-teal-600', 'bg-indigo-600', 'bg-lime-700', 'bg-fuchsia-600'];

function colourFor(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return avatarColours[hash % avatarColours.length]!;
}

const sizes = { sm: 'size-5 rounded-md text-[11px]', md: 'size-7 rounded-lg text-sm', lg: 'size-12 rounded-2xl text-xl' } as const;
const markSizes = { sm: 'size-3.5', md: 'size-[18px]', lg: 'size-7' } as const;

export interface EndpointIconProps {
  endpoint: string | null | undefined;
  /** GET /api/endpoints, for a custom endpoint's iconURL and type. */
  endpointsConfig?: EndpointsConfig;
  size?: keyof typeof sizes;
  className?: string;
}

/**
 * The endpoint's mark: a brand glyph for openAI, azureOpenAI, anthropic and google (plugins share
 * OpenAI's), a drawn one for bingAI and chatGPTBrowser, a custom endpoint's iconURL, or the first letter of its name. Decorative: the label
 * next to it names the endpoint.
 */
export function EndpointIcon({ endpoint, endpointsConfig, size = 'md', className }: EndpointIconProps) {
  const name = endpoint ?? '';
  const iconURL = endpointsConfig?.[name]?.iconURL;
  const base = classNames('inline-flex shrink-0 items-center justify-center overflow-hidden', sizes[size], className);
  if (iconURL) return <img src={iconURL} alt="" aria-hidden="true" className={classNames(base, 'bg-white object-contain')} />;

  const mark = marks[name] ?? (name === 'gptPlugins' ? marks.openAI : undefined);
  if (mark) {
    return (
      <span aria-hidden="true" className={classNames(base, mark.tile)}>
        <svg viewBox="0 0 24 24" fill="currentColor" className={markSizes[size]}>
          <path d={mark.path} fillRule={mark.fillRule} />
        </svg>
      </span>
    );
  }
  const kind = endpointKind(name, endpointsConfig);
  return (
    <span aria-hidden="true" data-kind={kind} className={classNames(base, 'font-semibold uppercase text-white', colourFor(name))}>
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
