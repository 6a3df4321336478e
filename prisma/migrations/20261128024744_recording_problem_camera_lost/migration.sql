-- AlterEnum
ALTER TYPE "RecordingProblem" ADD VALUE 'camera_lost';

