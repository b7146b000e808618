export {
  getSharedLinkQueryOptions,
  getSharedLinksQueryOptions,
  sharedLinkUrl,
  useCreateSharedLink,
  useDeleteSharedLink,
  useSharedLinkQuery,
  useSharedLinksQuery,
  useUpdateSharedLink,
} from './shared-links-api.js';
