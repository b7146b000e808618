export { startS3Double, type S3Double, type S3DoubleOptions } from './s3-double.js';
export { Bucket, minimumPartBytes, type S3Object, type MultipartUpload } from './bucket.js';
