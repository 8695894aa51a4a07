/** Classes (issue 30): the values the learner app, the admin console and the API share. */

/** A class's code: 10 characters (the issue asks at least 8; 10 put ~50 bits out of reach) from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CLASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CLASS_CODE_LENGTH = 10;
/** Members a class holds; joining past it is a 409. */
export const CLASS_MAX_MEMBERS = 200;
/** Classes a learner may teach and join, so both lists stay one short read. */
export const CLASSES_TAUGHT_MAX = 20;
export const CLASSES_JOINED_MAX = 20;
/** Assignments a class holds, so the roster and the dashboard read them all at once. */
export const CLASS_ASSIGNMENTS_MAX = 50;
export const CLASS_NAME_MAX = 80;

export const ASSIGNMENT_KINDS = ['read-module', 'timed-exam', 'practise-topic'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const ASSIGNMENT_QUESTIONS_MIN = 5;
export const ASSIGNMENT_QUESTIONS_MAX = 100;

/** How the instructor sorts the roster. */
export const ROSTER_SORTS = [
  'name',
  'passProbability',
  'answered',
  'modulesCompleted',
  'attemptsCompleted',
  'lastActiveDay',
  'assignmentsDone',
] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];
export const ROSTER_PAGE_SIZE = 25;
/** Each of a learner's two lists on /classes (taught, joined) is paged by this many. */
export const CLASSES_PAGE_SIZE = 10;
/** The admin console's class list. */
export const PAGE_SIZE_ADMIN_CLASSES = 20;

export const JOIN_CONSENT_REQUIRED = 'Agree to share your progress with the instructor to join';
export const CLASS_CODE_UNKNOWN = 'No class has that code';
export const CLASS_NOT_FOUND = 'Class not found';
export const CLASS_FULL = 'This class is full: it has 200 members';

/** Seats (issue 30): each gives one member the premium offer's days, priced as the offer. */
export const CLASS_SEAT_PRICE_ID = 'class_seat';
/** At most a full class of seats in one purchase. */
export const CLASS_SEATS_MAX = CLASS_MAX_MEMBERS;
export const SEATS_REQUIRED = 'Enter a number of seats';
export const SEATS_WHOLE = 'The number of seats must be a whole number';
export const SEATS_MIN = 'Buy at least 1 seat';
export const SEATS_TOO_MANY = `Buy at most ${CLASS_SEATS_MAX} seats at a time`;
export const CLASS_SUSPENDED = 'This class is suspended: assignments cannot be added';
