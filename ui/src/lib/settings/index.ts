export { useViewSetting } from './use-view-setting.js';
export {
  readViewSetting,
  subscribeViewSettings,
  viewSettingDefaults,
  viewSettingNames,
  writeViewSetting,
  type ViewSettingName,
} from './view-settings.js';
