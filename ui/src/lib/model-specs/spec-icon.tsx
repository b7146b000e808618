import type { ModelSpec } from '@protocol';
import { classNames } from '../../components/class-names.js';
import { EndpointIcon, isBuiltInEndpoint, type EndpointIconProps, type EndpointsConfig } from '../endpoints/index.js';

const imageSizes = { sm: 'size-5 rounded-md', md: 'size-7 rounded-lg', lg: 'size-12 rounded-2xl' } as const;

/**
 * A spec's mark: its iconURL as an image, or, when iconURL names an endpoint (LibreChat allows
 * both), that endpoint's mark; without one, the mark of the spec's endpoint.
 */
export function SpecIcon({ spec, endpointsConfig, size = 'md', className }: { spec: ModelSpec; endpointsConfig?: EndpointsConfig } & Pick<EndpointIconProps, 'size' | 'className'>) {
  const icon = spec.iconURL;
  const namesEndpoint = icon !== undefined && (isBuiltInEndpoint(icon) || Boolean(endpointsConfig?.[icon]));
  if (icon && !namesEndpoint) {
    return <img src={icon} alt="" aria-hidden="true" className={classNames('inline-flex shrink-0 bg-white object-contain', imageSizes[size], className)} />;
  }
  return <EndpointIcon endpoint={icon ?? spec.preset.endpoint} endpointsConfig={endpointsConfig} size={size} className={className} />;
}
