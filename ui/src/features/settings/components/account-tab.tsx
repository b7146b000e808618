import { useState } from 'react';
import { Button } from '../../../components/button.js';
import { useAuth } from '../../../lib/auth/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { AvatarUploadDialog } from './avatar-upload-dialog.js';

/** Who is signed in, and the profile picture (spec 001 §2). */
export function AccountTab() {
  const localize = useLocalize();
  const { user } = useAuth();
  const { config } = useStartupConfig();
  const [uploading, setUploading] = useState(false);
  const name = user?.name || user?.username || user?.email || '';

  return (
    <div className="flex flex-col gap-4 py-2">
      {user?.email && <p className="text-sm text-neutral-600 dark:text-neutral-300">{localize('com_nav_signed_in_as', user.email)}</p>}
      <div className="flex items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          {user?.avatar ? (
            <img src={user.avatar} alt="" className="size-12 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-neutral-700 text-lg font-semibold uppercase text-white dark:bg-neutral-200 dark:text-neutral-900"
            >
              {name.trim().charAt(0) || '?'}
            </span>
          )}
          <span className="text-sm font-medium">{localize('com_nav_profile_picture')}</span>
        </div>
        <Button variant="secondary" onClick={() => setUploading(true)}>
          {localize('com_nav_change_avatar')}
        </Button>
      </div>
      <AvatarUploadDialog open={uploading} onClose={() => setUploading(false)} sizeLimit={config.avatarSizeLimit} />
    </div>
  );
}
