import type { FileEntry } from '@medalliance/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../app/stores/userStore.ts';
import { ImageUploader } from '../../components/upload/ImageUploader.tsx';
import { saveAvatar, type BaseInfo } from './profileApi.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import { NS } from './messages.ts';

/** Avatars are small: a few megabytes is plenty (the server's image limit is 10 MB). */
const AVATAR_MB = 5;

/**
 * My avatar (spec §7.3 PUT Avatar/{name}): the picture goes up with the
 * image uploader (type userAvatar), then the profile points at it. The top
 * bar and this page show the new picture at once.
 */
export function AvatarTab({ info }: { info: BaseInfo }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [files, setFiles] = useState<FileEntry[]>([]);

  const save = useMutation({
    mutationFn: (name: string) => saveAvatar(name),
    onSuccess: ({ data }) => {
      message.success(t('avatar.saved'));
      useUser.setState((s) => (s.userInfo ? { userInfo: { ...s.userInfo, headIcon: data.headIcon } } : {}));
      client.setQueryData<BaseInfo>(['profile', 'baseInfo'], (old) => (old ? { ...old, headIcon: data.headIcon } : old));
      setFiles([]);
    },
  });

  return (
    <div className="ma-profile-avatar-tab">
      <div className="ma-profile-avatar-current">
        <Spin spinning={save.isPending}>
          <ProfileAvatar headIcon={info.headIcon} name={info.realName || info.account} size={128} />
        </Spin>
        <span>{t('avatar.current')}</span>
      </div>
      <div className="ma-profile-avatar-upload">
        <h3>{t('avatar.upload')}</h3>
        <p>{info.headIcon ? t('avatar.hint', { size: AVATAR_MB }) : `${t('avatar.none')} ${t('avatar.hint', { size: AVATAR_MB })}`}</p>
        <ImageUploader
          value={files}
          limit={1}
          type="userAvatar"
          fileSize={AVATAR_MB}
          disabled={save.isPending}
          onChange={(next) => {
            setFiles(next);
            const picture = next[0];
            if (picture) save.mutate(picture.name);
          }}
        />
      </div>
    </div>
  );
}
