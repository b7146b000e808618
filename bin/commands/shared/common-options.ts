import { Option } from 'commander';

/** --config and --data-dir, shared by every command that reads the configuration or the data. */
export function configOption(): Option {
  return new Option('-c, --config <file>', 'librechat.yaml to read (default: ./librechat.yaml when present)').env('CONFIG_PATH');
}

export function dataDirOption(): Option {
  return new Option('-d, --data-dir <dir>', 'where chatbox keeps its database and secrets').env('CHATBOX_DATA_DIR').default('./data');
}
