/** An S3 error as the service answers it: an HTTP status and an `<Error>` XML body with a code. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resource = '',
    /** Headers S3 sends with this error (416 carries `Content-Range: bytes *\/<size>`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  toXml(requestId: string): string {
    return xmlDocument(
      `<Error><Code>${escapeXml(this.code)}</Code><Message>${escapeXml(this.message)}</Message><Resource>${escapeXml(this.resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
    );
  }
}


/** Text made safe inside an XML element. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character] ?? character);
}

/** The XML declaration S3 puts before every body. */
export function xmlDocument(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** The namespace of S3's result documents. */
export const s3Namespace = 'http://s3.amazonaws.com/doc/2006-03-01/';
