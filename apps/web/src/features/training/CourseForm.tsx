import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COURSE_CATEGORIES, type CourseBody, type CourseRow } from '@medalliance/contract';
import { trainingApi } from './api.ts';
import { NS } from './messages.ts';

interface Values {
  title: string;
  category: string;
  teacherName: string;
  intro?: string;
  range?: [Dayjs, Dayjs] | null;
  capacity?: number;
  credit?: number;
}

/** New course or edit one (课程管理): the number comes from the 培训课程编号 rule on save. */
export function CourseForm({ course, onClose, onDone }: { course: CourseRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (course)
      form.setFieldsValue({
        title: course.title,
        category: course.category,
        teacherName: course.teacherName,
        intro: course.intro ?? '',
        range: course.startsAt && course.endsAt ? [dayjs(course.startsAt), dayjs(course.endsAt)] : null,
        capacity: course.capacity,
        credit: course.credit,
      });
  }, [course, form]);
  const save = async () => {
    const v = await form.validateFields();
    const body: CourseBody = {
      title: v.title.trim(),
      category: v.category as CourseBody['category'],
      teacherName: v.teacherName.trim(),
      teacherId: course?.teacherId ?? null,
      intro: v.intro?.trim() ?? '',
      startsAt: v.range?.[0]?.startOf('day').valueOf() ?? null,
      endsAt: v.range?.[1]?.endOf('day').valueOf() ?? null,
      capacity: v.capacity ?? 0,
      credit: v.credit ?? 0,
    };
    if (course) await trainingApi.updateCourse(course.id, body);
    else await trainingApi.createCourse(body);
    onDone();
  };
  return (
    <Modal open title={course ? t('editCourse') : t('newCourse')} onOk={() => void save()} onCancel={onClose} width={640} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ capacity: 0, credit: 1 }} data-testid="course-form">
        <Form.Item name="title" label={t('courseTitle')} rules={[{ required: true, whitespace: true, min: 2, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="category" label={t('category')} rules={[{ required: true }]}>
          <Select options={COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`cat.${c}`) }))} />
        </Form.Item>
        <Form.Item name="teacherName" label={t('teacher')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="range" label={t('coursePeriod')}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="capacity" label={t('capacity')} extra={t('capacityHint')}>
          <InputNumber min={0} max={100000} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="credit" label={t('credit')}>
          <InputNumber min={0} max={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="intro" label={t('intro')}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
