// The courses feature's calls from the browser that need a signed-in student.
import { http } from '#lib/http.ts';
import { MyCoursesSchema } from './schemas.ts';

export const myCourses = () => http.get('user/student/courses', { data: MyCoursesSchema });
