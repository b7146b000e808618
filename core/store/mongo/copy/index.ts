export { copyToMongo, progressCollection, type CopyOptions, type StepReport } from './copy-to-mongo.js';
export { copySteps } from './copy-steps.js';
