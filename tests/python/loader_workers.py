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
