/**
 * The files wire (LibreChat v0.7.1's TFile and its upload rules) shared by the server and the UI,
 * which checks every file against the same patterns before it uploads anything (spec 001 §5).
 */

/** A file on the wire, in LibreChat's TFile shape (`object: 'file'`, `usage`), no null sizes. */
export interface FileDto {
  file_id: string;
  user: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number;
  source: string;
  context: string;
  embedded: boolean;
  object: 'file';
  /** How often the file was attached; chatbox does not count it. */
  usage: number;
  width?: number;
  height?: number;
  conversationId?: string;
  /** The client's own id for the upload (its `file_id` field), as LibreChat's record keeps it. */
  temp_file_id?: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/files: the stored record and the client's own id for it. */
export type UploadFileResponse = FileDto & { message: string; temp_file_id: string };

/** One endpoint's entry of GET /api/files/config, as librechat.yaml has it (sizes in MB, patterns as strings). */
export interface EndpointFileConfigDto {
  disabled?: boolean;
  fileLimit?: number;
  fileSizeLimit?: number;
  totalSizeLimit?: number;
  supportedMimeTypes?: string[];
}

/** GET /api/files/config: the yaml's `fileConfig` as written, or nothing. */
export interface FileConfigDto {
  endpoints?: Record<string, EndpointFileConfigDto>;
  serverFileSizeLimit?: number;
  avatarSizeLimit?: number;
  userStorageLimit?: number;
}

export const megabyte = 1024 * 1024;

/** LibreChat's built-in MIME patterns (packages/data-provider/src/file-config.ts at v0.7.1). */
export const textMimeTypes = /^(text\/(x-c|x-c\+\+|x-java|html|markdown|x-php|x-python|x-script\.python|x-ruby|x-tex|plain|css|javascript|csv))$/;
export const excelMimeTypes =
  /^application\/(vnd\.ms-excel|msexcel|x-msexcel|x-ms-excel|x-excel|x-dos_ms_excel|xls|x-xls|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;
export const applicationMimeTypes =
  /^(application\/(epub\+zip|csv|json|pdf|x-tar|typescript|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|presentationml\.presentation|spreadsheetml\.sheet)|xml|zip))$/;
export const imageMimeTypes = /^image\/(jpeg|gif|png|webp)$/;

/**
 * LibreChat's `retrievalMimeTypes`: the knowledge files retrieval reads. Spec 001 splits knowledge
 * files by type: these serve retrieval and the code interpreter, every other type the code
 * interpreter only (wave2 notes §1.11, §2.14).
 */
export const retrievalMimeTypes: readonly RegExp[] = [
  /^(text\/(x-c|x-c\+\+|html|x-java|markdown|x-php|x-python|x-script\.python|x-ruby|x-tex|plain|xml))$/,
  /^(application\/(json|pdf|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|presentationml\.presentation)))$/,
];

export const isRetrievalMimeType = (type: string): boolean => retrievalMimeTypes.some((pattern) => pattern.test(type));

/** What an endpoint without its own `supportedMimeTypes` accepts. */
export const defaultSupportedMimeTypes: readonly RegExp[] = [textMimeTypes, excelMimeTypes, applicationMimeTypes, imageMimeTypes];
