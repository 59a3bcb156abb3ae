export { PhotoManager, photoFileProblem, type PhotoManagerProps, type PhotoManagerWords } from './photo-manager';
