# Datasets for the DataLoader tests in test_torch_training.py, in a module of their own so that spawn
# workers can import them by name (a spawned worker unpickles the dataset, the Plan included).
import os

import numpy as np
import torch


class PlanDataset(torch.utils.data.Dataset):
    """Item i: the pid of the process that made it and plan(images[i])."""

    def __init__(self, plan, images):
        self.plan = plan
        self.images = images

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return os.getpid(), torch.from_numpy(np.ascontiguousarray(self.plan(self.images[i])))


class ThreadsDataset(torch.utils.data.Dataset):
    """Item i: (pid, resizelab's thread count, threads the process gained in a resize of 512 x 512)."""

    def __len__(self):
        return 2

    def __getitem__(self, i):
        import resizelab
        image = np.random.default_rng(i).random((512, 512)).astype(np.float32)
        before = len(os.listdir("/proc/self/task"))
        resizelab.imresize(image, 0.5)
        rt_image = torch.from_numpy(image)
        import resizelab.torch as rt
        rt.imresize(rt_image, 0.5)
        return os.getpid(), resizelab.get_num_threads(), len(os.listdir("/proc/self/task")) - before


def set_two_threads(worker_id):
    import resizelab
    resizelab.set_num_threads(2)
